import { SetMetadata } from '@nestjs/common';

export const REQUIRES_LOGIN = 'planwerk:requires-login';

/** The endpoint answers 6011 without a live session; without this, anonymous visitors are served. */
export const RequiresLogin = (): MethodDecorator & ClassDecorator => SetMetadata(REQUIRES_LOGIN, true);
