import type { CommandInput, DeviceInfo, LoginAnswer, SecondFactorAccounts } from '../second-factor-accounts.port';

/**
 * The accounts core as the second factor sees it, kept in memory for tests: sessions by token,
 * pending logins by state (single use, as `completeLoginChallenge` promises), issued sessions.
 */
export class TestAccounts implements SecondFactorAccounts {
  readonly sessions = new Map<string, string>();
  readonly pendingLogins = new Map<string, string>();
  readonly issued: Array<{ userId: string; device: DeviceInfo; via: 'second-factor' | 'passkey'; commandId: string }> = [];

  signIn(userId: string, token: string): string {
    this.sessions.set(token, userId);
    return token;
  }

  async signedInUser(authorization: string | undefined): Promise<string | null> {
    const token = authorization?.slice(0, authorization.lastIndexOf('.'));
    return (token && this.sessions.get(token)) || null;
  }

  async accountLabel(userId: string): Promise<string> {
    return `${userId.slice(0, 8)}@planwerk.test`;
  }

  async findPendingLogin(state: string): Promise<{ userId: string } | null> {
    const userId = this.pendingLogins.get(state);
    return userId ? { userId } : null;
  }

  async completeLoginChallenge(state: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer> {
    const userId = this.pendingLogins.get(state);
    if (!userId) throw new Error(`state ${state} is not pending`);
    this.pendingLogins.delete(state);
    return this.issue(userId, device, 'second-factor', input);
  }

  async startSession(userId: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer> {
    return this.issue(userId, device, 'passkey', input);
  }

  private issue(userId: string, device: DeviceInfo, via: 'second-factor' | 'passkey', input: CommandInput): LoginAnswer {
    this.issued.push({ userId, device, via, commandId: input.metadata.commandId });
    const token = `session${this.issued.length}`;
    this.sessions.set(token, userId);
    return { token: `${token}.${device.deviceId}`, user: { uid: userId } };
  }
}
