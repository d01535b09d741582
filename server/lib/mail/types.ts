export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How e-mail leaves the service: real SMTP, or .eml files in an outbox folder when none is configured. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted by the server (or written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}
