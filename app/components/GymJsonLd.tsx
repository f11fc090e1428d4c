import type { MapGym } from '#app/components/GymMap.tsx';

/** schema.org `ExerciseGym` for each gym, as JSON-LD (docs/product/gyms.md). */
export function GymJsonLd({
  gyms,
  origin,
  nonce,
}: {
  gyms: Array<MapGym & { openingHours: string }>;
  origin: string;
  nonce?: string;
}) {
  const data = gyms.map((gym) => ({
    '@context': 'https://schema.org',
    '@type': 'ExerciseGym',
    '@id': `${origin}/#gym-${gym.id}`,
    name: gym.name,
    url: `${origin}/`,
    telephone: gym.phone || undefined,
    address: { '@type': 'PostalAddress', streetAddress: gym.address, addressCountry: 'RU' },
    geo:
      gym.lat !== null && gym.lng !== null
        ? { '@type': 'GeoCoordinates', latitude: gym.lat, longitude: gym.lng }
        : undefined,
    openingHours: gym.openingHours || undefined,
  }));
  // `<` is escaped so that no text can close the script element.
  const json = JSON.stringify(data.length === 1 ? data[0] : data).replace(/</g, '\\u003c');
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw text; `<` is escaped above
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
