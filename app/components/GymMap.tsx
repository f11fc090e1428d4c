import { useEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '#app/components/Icon.tsx';
import { escapeHtml } from '#app/lib/html.ts';

export interface MapGym {
  id: number;
  name: string;
  address: string;
  phone: string;
  lat: number | null;
  lng: number | null;
}

/** Yandex Maps with language ru_RU, zoom 10, map type `map`, coordinates lat-long (docs/product/gyms.md). */
export const MAP_OPTIONS = { lang: 'ru_RU', zoom: 10, type: 'yandex#map', coordorder: 'latlong' } as const;

/** A link that opens the gym in Yandex Maps — works without JavaScript and without an API key. */
export function mapLink(gym: MapGym): string {
  if (gym.lat === null || gym.lng === null) return `https://yandex.ru/maps/?text=${encodeURIComponent(gym.address)}`;
  // Yandex's `pt`/`ll` parameters are longitude first.
  return `https://yandex.ru/maps/?pt=${gym.lng},${gym.lat}&z=16&l=map`;
}

/** `tel:` target of a displayed phone number: digits and the leading plus only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * What a placemark shows. Yandex Maps renders hint and balloon content as HTML, so every value from the database
 * is escaped here (docs/security.md, "HTML outside React").
 */
export function placemarkContent(gym: MapGym): { hintContent: string; balloonContent: string } {
  const lines = [`<strong>${escapeHtml(gym.name)}</strong>`, escapeHtml(gym.address)];
  if (gym.phone) lines.push(`<a href="${escapeHtml(telHref(gym.phone))}">${escapeHtml(gym.phone)}</a>`);
  return { hintContent: escapeHtml(gym.name), balloonContent: lines.join('<br>') };
}

interface YMaps {
  ready(fn: () => void): void;
  Map: new (
    el: HTMLElement,
    state: object,
    options?: object,
  ) => { geoObjects: { add(o: unknown): void }; destroy(): void };
  Placemark: new (coords: [number, number], props: object, options?: object) => unknown;
}
declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

let apiPromise: Promise<YMaps> | null = null;
function loadYandexMaps(apiKey: string, nonce?: string): Promise<YMaps> {
  apiPromise ??= new Promise<YMaps>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=${MAP_OPTIONS.lang}&coordorder=${MAP_OPTIONS.coordorder}`;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () =>
      window.ymaps ? window.ymaps.ready(() => resolve(window.ymaps!)) : reject(new Error('ymaps missing'));
    script.onerror = () => {
      apiPromise = null;
      reject(new Error('Yandex Maps failed to load'));
    };
    document.head.appendChild(script);
  });
  return apiPromise;
}

/**
 * The gyms on a map. The address list is always there (no JS, no key); with YANDEX_MAPS_API_KEY the map
 * script is loaded only when the block scrolls into view.
 */
export function GymMap({
  gyms,
  activeId,
  apiKey,
  nonce,
}: {
  gyms: MapGym[];
  activeId: number | null;
  apiKey: string | null;
  nonce?: string;
}) {
  const mapRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'idle' | 'ready' | 'failed'>('idle');
  const located = useMemo(() => gyms.filter((gym) => gym.lat !== null && gym.lng !== null), [gyms]);

  useEffect(() => {
    const element = mapRef.current;
    if (!apiKey || !element || located.length === 0) return;
    let cancelled = false;
    let map: InstanceType<YMaps['Map']> | null = null;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadYandexMaps(apiKey, nonce)
          .then((ymaps) => {
            if (cancelled) return;
            const active = located.find((gym) => gym.id === activeId) ?? located[0]!;
            map = new ymaps.Map(element, {
              center: [active.lat, active.lng],
              zoom: MAP_OPTIONS.zoom,
              type: MAP_OPTIONS.type,
              controls: ['zoomControl'],
            });
            for (const gym of located) {
              map.geoObjects.add(
                new ymaps.Placemark([gym.lat!, gym.lng!], placemarkContent(gym), {
                  preset: gym.id === activeId ? 'islands#redSportIcon' : 'islands#darkBlueSportIcon',
                }),
              );
            }
            setStatus('ready');
          })
          .catch((error) => {
            console.error(error);
            setStatus('failed');
          });
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.destroy();
    };
  }, [apiKey, nonce, activeId, located]);

  return (
    <div className="gym-map">
      {apiKey && status !== 'failed' ? (
        <section ref={mapRef} className="gym-map__canvas" data-status={status} aria-label="Карта клубов" />
      ) : null}
      <ul className="gym-map__list">
        {gyms.map((gym) => (
          <li key={gym.id} className={gym.id === activeId ? 'gym-map__gym gym-map__gym--active' : 'gym-map__gym'}>
            <strong>{gym.name}</strong>
            <span>
              <Icon name="map-pin" size={16} /> {gym.address}
            </span>
            {gym.phone ? (
              <a href={telHref(gym.phone)}>
                <Icon name="phone" size={16} /> {gym.phone}
              </a>
            ) : null}
            <a href={mapLink(gym)} target="_blank" rel="noopener noreferrer">
              Открыть на Яндекс Картах <Icon name="external" size={14} />
              <span className="visually-hidden"> (в новой вкладке)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
