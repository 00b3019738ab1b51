import { Module } from '@nestjs/common';
import { SupportHttp } from './support.http';
import { SupportService } from './support.service';

@Module({
  controllers: [SupportHttp],
  providers: [SupportService],
})
export class SupportModule {}
