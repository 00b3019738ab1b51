import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '@planwerk/events';
import type { EmailHolder, IssuedSession, NewSocialUser, SessionRequest, SocialAccountsPort } from '../social-accounts.port';

/** The accounts side of social login for tests: users, e-mail reservations and sessions in memory. */
export class InMemorySocialAccounts implements SocialAccountsPort {
  readonly users = new Map<string, { email: string; kind: 'password' | 'social'; firstName: string; lastName: string }>();
  readonly sessions: Array<Omit<SessionRequest, 'input'> & { token: string }> = [];
  private readonly emails = new Map<string, string>();

  /** A password account, as a sign-up would create it. */
  registerPasswordAccount(email: string): string {
    const userId = randomUUID();
    this.users.set(userId, { email, kind: 'password', firstName: '', lastName: '' });
    this.emails.set(email.trim().toLowerCase(), userId);
    return userId;
  }

  async findEmailHolder(email: string): Promise<EmailHolder | null> {
    const userId = this.emails.get(email.trim().toLowerCase());
    return userId ? { userId } : null;
  }

  async createUserFromSocialIdentity(user: NewSocialUser): Promise<void> {
    if (this.users.has(user.userId)) return;
    const key = user.email.trim().toLowerCase();
    if (this.emails.has(key)) throw new DomainError(6004);
    this.users.set(user.userId, { email: user.email, kind: 'social', firstName: user.firstName, lastName: user.lastName });
    this.emails.set(key, user.userId);
  }

  async issueSession(request: SessionRequest): Promise<IssuedSession> {
    const token = `${randomBytes(32).toString('base64url')}.${request.deviceId}`;
    this.sessions.push({ userId: request.userId, deviceId: request.deviceId, deviceName: request.deviceName, token });
    return { token };
  }
}
