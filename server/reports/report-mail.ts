import type { ReportRecipient } from '../../src/generated/api-types';
import { quotedInMail } from '../mail/mail-text';

/** The languages a report's mail is written in: its recipients', the product's four. */
type MailLocale = ReportRecipient['locale'];

/** What a report's mail says: its report, the dates it covers, the link to its PDF and how long that works. */
export interface ReportMailFacts {
  title: string;
  firstDate: string;
  lastDate: string;
  pdfUrl: string;
  linkDays: number;
  /** Where a person opens the report for a new link once this one has expired. */
  reportsUrl: string;
  /** The PDF is attached to the mail as well. */
  attached?: boolean;
}

type Wording = (facts: ReportMailFacts & { quoted: string; attachedLine: string }) => {
  subject: string;
  text: string;
};

/** The line a mail carrying the PDF opens its body with, in each language. */
const ATTACHED: Record<MailLocale, string> = {
  'en-US': 'The PDF is attached to this mail.',
  'fr-FR': 'Le PDF est joint à ce message.',
  'ru-RU': 'PDF приложен к этому письму.',
  'zh-CN': 'PDF 已附在本邮件中。',
};

const WORDING: Record<MailLocale, Wording> = {
  'en-US': ({ quoted, firstDate, lastDate, pdfUrl, linkDays, reportsUrl, attachedLine }) => ({
    subject: `Report: ${quoted}`,
    text: `Your report "${quoted}" for ${firstDate} to ${lastDate} is ready.${attachedLine}\n\nOpen the PDF: ${pdfUrl}\n\nThe link works for ${linkDays} days. After that, open the report in Insights for a new one: ${reportsUrl}`,
  }),
  'fr-FR': ({ quoted, firstDate, lastDate, pdfUrl, linkDays, reportsUrl, attachedLine }) => ({
    subject: `Rapport : ${quoted}`,
    text: `Votre rapport « ${quoted} » du ${firstDate} au ${lastDate} est prêt.${attachedLine}\n\nOuvrir le PDF : ${pdfUrl}\n\nLe lien fonctionne ${linkDays} jours. Ensuite, ouvrez le rapport dans Insights pour en obtenir un nouveau : ${reportsUrl}`,
  }),
  'ru-RU': ({ quoted, firstDate, lastDate, pdfUrl, linkDays, reportsUrl, attachedLine }) => ({
    subject: `Отчёт: ${quoted}`,
    text: `Ваш отчёт «${quoted}» за период с ${firstDate} по ${lastDate} готов.${attachedLine}\n\nОткрыть PDF: ${pdfUrl}\n\nСсылка действует ${linkDays} дней. После этого откройте отчёт в Insights, чтобы получить новую: ${reportsUrl}`,
  }),
  'zh-CN': ({ quoted, firstDate, lastDate, pdfUrl, linkDays, reportsUrl, attachedLine }) => ({
    subject: `报告：${quoted}`,
    text: `您的报告“${quoted}”（${firstDate} 至 ${lastDate}）已生成。${attachedLine}\n\n打开 PDF：${pdfUrl}\n\n此链接 ${linkDays} 天内有效。之后请在 Insights 中打开该报告以获取新链接：${reportsUrl}`,
  }),
};

/** The longest a report's title is quoted in a mail. */
const TITLE_LENGTH = 120;

/** A scheduled run's mail, plain text, in the recipient's language (English for a language it does not know). */
export function reportMail(locale: string, facts: ReportMailFacts): { subject: string; text: string } {
  const known = (locale in WORDING ? locale : 'en-US') as MailLocale;
  const attachedLine = facts.attached ? ` ${ATTACHED[known]}` : '';
  return WORDING[known]({ ...facts, quoted: quotedInMail(facts.title, TITLE_LENGTH), attachedLine });
}
