/**
 * The personal-data processing policy (docs/product/bids.md, "Consent and the policy"): its built-in text, shown
 * while staff have not written their own, and the simple text format staff write it in.
 */
import { SITE_NAME } from '#app/lib/club.ts';

export const PRIVACY_PATH = '/privacy';
export const PRIVACY_LINK_TEXT = 'Политика обработки персональных данных';
export const DEFAULT_PRIVACY_TITLE = 'Политика обработки персональных данных';

/** A neutral text that names every part the law asks for; staff replace it with the club's own details. */
export const DEFAULT_PRIVACY_BODY = `Эта политика объясняет, как сеть фитнес-клубов «${SITE_NAME}» обрабатывает персональные данные посетителей сайта в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».

## Оператор
Оператор персональных данных — организация, управляющая клубами «${SITE_NAME}». Полное наименование, ИНН и адрес оператора указаны на стойке администратора в каждом клубе и сообщаются по запросу.

## Цели обработки
- связаться с вами по вашей заявке: записать на пробное занятие, рассказать о клубной карте, тренере, тренировке или акции;
- вести учёт заявок и качества работы администраторов.

## Какие данные мы получаем
- имя;
- номер телефона;
- комментарий к заявке, если вы его написали;
- выбранный клуб, страница сайта и рекламные метки (UTM), с которых отправлена заявка;
- время согласия, версия этой политики и IP-адрес, с которого оно дано.

## Сроки хранения
Заявки хранятся не дольше трёх лет с момента отправки или до отзыва согласия, если вы отзовёте его раньше. После этого данные удаляются.

## Передача третьим лицам
Мы не продаём и не передаём ваши данные третьим лицам, кроме случаев, предусмотренных законом.

## Как отозвать согласие
Напишите или позвоните администратору любого клуба, указав номер телефона из заявки: мы прекратим обработку и удалим ваши данные в течение 30 дней.

## Контакты
Адреса и телефоны клубов — на главной странице сайта. По вопросам обработки персональных данных обращайтесь к администратору вашего клуба.`;

/** A block of the policy text: `## ` starts a heading, `- ` a list item, other lines are paragraphs. */
export type PolicyBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export function policyBlocks(body: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const last = blocks.at(-1);
    if (!line) continue;
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (/^[-•] /.test(line)) {
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}
