import { describe, expect, it } from 'vitest';
import { placemarkContent } from '#app/components/GymMap.tsx';
import { escapeHtml } from '#app/lib/html.ts';

const HOSTILE = '<img src=x onerror="alert(1)">&<script>alert(2)</script>\'';

describe('map placemarks', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('builds balloons with the name, address and phone as text', () => {
    const content = placemarkContent({
      id: 1,
      name: 'Клуб на Малышева',
      address: 'Екатеринбург, ул. Малышева, 51',
      phone: '+7 343 312-40-51',
      lat: 56.8,
      lng: 60.6,
    });
    expect(content).toEqual({
      hintContent: 'Клуб на Малышева',
      balloonContent:
        '<strong>Клуб на Малышева</strong><br>Екатеринбург, ул. Малышева, 51<br><a href="tel:+73433124051">+7 343 312-40-51</a>',
    });
  });

  it('lets no markup from a name, address or phone into the balloon', () => {
    const { hintContent, balloonContent } = placemarkContent({
      id: 2,
      name: HOSTILE,
      address: HOSTILE,
      phone: `+7 343 ${HOSTILE}`,
      lat: 56.8,
      lng: 60.6,
    });
    expect(hintContent).toBe(escapeHtml(HOSTILE));
    expect(hintContent).not.toMatch(/[<>"']/);
    const tags = balloonContent.match(/<[^>]*>/g) ?? [];
    expect(tags.filter((tag) => !/^(<strong>|<\/strong>|<br>|<a href="tel:\+?\d*">|<\/a>)$/.test(tag))).toEqual([]);
    expect(balloonContent).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&lt;script&gt;');
  });
});
