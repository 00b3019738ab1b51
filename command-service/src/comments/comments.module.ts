import { Module } from '@nestjs/common';
import { CommentRepository } from './comment.repository';
import { CommentsHttp } from './comments.http';
import { CommentsService } from './comments.service';

@Module({ controllers: [CommentsHttp], providers: [CommentRepository, CommentsService] })
export class CommentsModule {}
