import { Module } from '@nestjs/common';
import { GetCommentsHttp } from './get-comments/get-comments.http';

@Module({ controllers: [GetCommentsHttp] })
export class CommentsQueryModule {}
