import { Module } from '@nestjs/common';
import { UserLinksHttp } from './user-links.http';
import { UserLinksService } from './user-links.service';

@Module({ controllers: [UserLinksHttp], providers: [UserLinksService] })
export class LinksModule {}
