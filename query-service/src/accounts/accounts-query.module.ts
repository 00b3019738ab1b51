import { Module } from '@nestjs/common';
import { GetAccountDetailsHttp } from './get-account-details/get-account-details.http';
import { GetUserPreferencesHttp } from './get-user-preferences/get-user-preferences.http';
import { ListUserSessionsHttp } from './list-user-sessions/list-user-sessions.http';

@Module({ controllers: [GetAccountDetailsHttp, ListUserSessionsHttp, GetUserPreferencesHttp] })
export class AccountsQueryModule {}
