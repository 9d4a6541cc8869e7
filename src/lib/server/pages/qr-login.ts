/**
 * The phone's side of scan-to-log-in: opening the page (signed in) marks the ticket scanned, and its one form
 * approves the sign-in on the computer. The outcome is what the page says.
 */
import { qrTicketSchema } from '../../contracts/identity';
import { AppError } from '../errors';
import { advanceQrTicket } from '../identity/advance-qr-ticket';
import { formPost, type PageContext } from './form-post';

export type QrLoginView = 'confirm' | 'done' | 'expired' | 'taken';

const EXPIRED = 'expired';
const TAKEN = 'taken';
/** A ticket that timed out says so; anything else wrong with it is taken (scanned by someone else, or used). */
const refusal = (err: AppError) => ((err.data as { status?: string } | undefined)?.status === 'expired' ? EXPIRED : TAKEN);

export async function qrLoginView(page: PageContext, userId: number): Promise<QrLoginView> {
  const parsed = qrTicketSchema.safeParse({ ticket: page.url.searchParams.get('ticket') });
  if (!parsed.success) return 'expired';
  const post = await formPost(page, { schema: qrTicketSchema, read: () => parsed.data, run: (input) => advanceQrTicket(input.ticket, userId, 'confirm'), message: refusal });
  if (post.done) return 'done';
  let view: QrLoginView = 'confirm';
  if (post.failed) view = post.formError === EXPIRED ? 'expired' : 'taken';
  else {
    try {
      await advanceQrTicket(parsed.data.ticket, userId, 'scan');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      view = refusal(err);
    }
  }
  if (view !== 'confirm') page.response.status = view === 'expired' ? 404 : 409;
  return view;
}
