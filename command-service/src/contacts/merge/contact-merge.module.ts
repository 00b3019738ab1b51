import { Module } from '@nestjs/common';
import { ContactMergeHttp } from './contact-merge.http';
import { ContactMergeService } from './contact-merge.service';

@Module({ controllers: [ContactMergeHttp], providers: [ContactMergeService] })
export class ContactMergeModule {}
