import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureSvg, renderPicture } from '#db/demo/pictures.ts';
import { demoPictures } from '#db/demo/seed.ts';

const all = Object.entries(demoPictures()).flatMap(([group, pictures]) =>
  pictures.map((picture, index) => ({ name: `${group} #${index + 1}`, picture })),
);

describe('demo pictures', () => {
  it('carry no text at all: names, titles and captions are HTML next to them', () => {
    const withText = all.filter(({ picture }) => /<text\b|<tspan\b|font-family|font-size/.test(pictureSvg(picture)));
    expect(withText.map(({ name }) => name)).toEqual([]);
  });

  it('are the same picture every time (the seed is reproducible)', () => {
    for (const { picture } of all.slice(0, 8)) expect(pictureSvg(picture)).toBe(pictureSvg(picture));
  });

  it('are not all alike: every trend, training and gallery picture differs from the others', () => {
    const { trends, trainings, gallery } = demoPictures();
    const drawn = [...trends, ...trainings, ...gallery].map((picture) => pictureSvg(picture));
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('render to images of the advertised sizes through the upload intake', async () => {
    const { gyms, coaches, partners } = demoPictures();
    const [cover, portrait, logo] = await Promise.all([gyms[0]!, coaches[0]!, partners[0]!].map(renderPicture));
    expect([cover!.width, cover!.height, cover!.mimeType]).toEqual([1600, 900, 'image/jpeg']);
    expect([portrait!.width, portrait!.height]).toEqual([800, 1000]);
    expect([logo!.width, logo!.height, logo!.mimeType]).toEqual([240, 240, 'image/png']);
    // The partner mark keeps a transparent background around it.
    const { channels } = await sharp(logo!.bytes).metadata();
    expect(channels).toBe(4);
  });
});
