/** The messages we send people, in their language. Server-only text, so not in the interface's locale files. */
import type { Lang } from '../../i18n';

export const codeMessage = (lang: Lang, code: string, minutes: number) =>
  lang === 'en'
    ? {
        subject: `Your MatLib verification code: ${code}`,
        text: `Your MatLib verification code is ${code}. It is valid for ${minutes} minutes and can be used once.\nIf you did not ask for it, you can ignore this message; nobody can sign in with it without access to your mailbox or phone.`,
      }
    : {
        subject: `材料库验证码：${code}`,
        text: `你的材料库验证码是 ${code}，${minutes} 分钟内有效，只能使用一次。\n如果不是你本人操作，请忽略本消息；没有你的邮箱或手机，他人无法使用该验证码。`,
      };

/** Sent instead of a registration code when the address already has an account (the requester is told nothing). */
export const alreadyRegisteredMessage = (lang: Lang) =>
  lang === 'en'
    ? {
        subject: 'You already have a MatLib account',
        text: 'Someone asked to register a MatLib account with this address, which already has one. Sign in, or reset your password from the sign-in page. If it was not you, you can ignore this message.',
      }
    : {
        subject: '你已经有材料库账号了',
        text: '有人尝试用此地址注册材料库账号，但该地址已有账号。请直接登录，或在登录页重置密码。如果不是你本人操作，请忽略本消息。',
      };

/** A notification sent by e-mail (docs/product/news.md#e-mail): what happened, the link to it, and how to stop these. */
export const newsMessage = (lang: Lang, news: { title: string; text: string; link: string | null }, origin: string) => {
  const link = news.link ? `${origin}${news.link}` : `${origin}/news`;
  const settings = `${origin}/news/preferences`;
  return lang === 'en'
    ? {
        subject: `MatLib: ${news.title}`,
        text: `${news.title}\n${news.text ? `${news.text}\n` : ''}\nOpen it: ${link}\n\nYou get this e-mail because you turned on e-mail for this kind of news. Change that at ${settings}`,
      }
    : {
        subject: `材料库：${news.title}`,
        text: `${news.title}\n${news.text ? `${news.text}\n` : ''}\n查看详情：${link}\n\n你收到这封邮件，是因为你开启了此类消息的邮件通知。可在此修改：${settings}`,
      };
};
