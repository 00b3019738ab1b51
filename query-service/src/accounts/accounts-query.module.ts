import { Module } from '@nestjs/common';
import { GetAccountDetailsHttp } from './get-account-details/get-account-details.http';

@Module({ controllers: [GetAccountDetailsHttp] })
export class AccountsQueryModule {}
