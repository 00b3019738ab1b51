import { Module } from '@nestjs/common';
import { CryptoHttp } from './crypto.http';
import { CryptoKeysStore } from './crypto-keys.store';

@Module({
  controllers: [CryptoHttp],
  providers: [CryptoKeysStore],
})
export class CryptoModule {}
