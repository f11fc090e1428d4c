import { Heading } from '#app/components/Heading.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { formatDate } from '#app/lib/format.ts';
import { PRIVACY_PATH, policyBlocks } from '#app/lib/privacy-policy.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { currentPolicy } from '#app/services/consent-policy.server.ts';
import { loadSiteContext } from '#app/services/site-page.server.ts';
import type { Route } from './+types/privacy';

/** The personal-data processing policy every consent checkbox links to (docs/product/bids.md). */
export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const policy = await currentPolicy(site.db);
  return {
    title: policy.title,
    blocks: policyBlocks(policy.body),
    updatedAt: policy.updatedAt,
    version: policy.consentVersion,
    origin: site.origin,
  };
}

export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `${loaderData?.title ?? 'Политика обработки персональных данных'} | ${SITE_NAME}`,
    description: `Как клуб «${SITE_NAME}» обрабатывает персональные данные из заявок: цели, состав, сроки хранения, отзыв согласия.`,
    origin: loaderData?.origin ?? '',
    path: PRIVACY_PATH,
  });
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { title, blocks, updatedAt, version } = loaderData;
  return (
    <article className="detail policy">
      <Heading level={1}>{title}</Heading>
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') {
          return (
            <Heading key={key} level={2}>
              {block.text}
            </Heading>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={key}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{block.text}</p>;
      })}
      <p className="policy__version">
        {updatedAt ? `Редакция от ${formatDate(updatedAt)}. ` : null}Версия: {version}
      </p>
    </article>
  );
}
