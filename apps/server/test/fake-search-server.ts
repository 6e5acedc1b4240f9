import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake search provider at the outer boundary: a SearXNG JSON API (`/search`) and the YouTube
 * Data API (`/youtube/v3/search`) on one local port. It records each request's query string, so
 * tests can check safe search and caching.
 */
export interface FakeSearch {
  url: string;
  requests: URL[];
  /** Answer with this status instead (a provider that is down). */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startFakeSearch(): Promise<FakeSearch> {
  const fake: FakeSearch = {
    url: '',
    requests: [],
    failWith: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(url);
    if (fake.failWith) {
      response.writeHead(fake.failWith).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/search') {
      const images = url.searchParams.get('categories') === 'images';
      response.end(
        JSON.stringify({
          query: q,
          results: images
            ? [
                {
                  title: `${q} 그림`,
                  url: 'https://example.org/pictures/1',
                  img_src: 'https://example.org/pictures/1.png',
                  thumbnail_src: 'https://example.org/pictures/1-small.png',
                  engine: 'bing images',
                },
                {
                  title: `${q} 움짤`,
                  url: 'https://example.org/pictures/2',
                  img_src: 'https://example.org/pictures/2.gif',
                  engine: 'google images',
                },
                { title: '링크 없는 결과', url: 'javascript:alert(1)', img_src: 'https://example.org/x.png' },
              ]
            : [
                {
                  title: `${q} - 위키백과`,
                  url: 'https://ko.wikipedia.org/wiki/%EA%B4%91%ED%95%A9%EC%84%B1',
                  content: '식물이 빛 에너지를 이용해 양분을 만드는 과정',
                  engine: 'wikipedia',
                },
                { title: '주소 없는 결과', content: '버려져야 함' },
              ],
        }),
      );
      return;
    }
    if (url.pathname === '/youtube/v3/search') {
      response.end(
        JSON.stringify({
          items: [
            {
              id: { kind: 'youtube#video', videoId: 'abcDEF12345' },
              snippet: {
                title: `${q} 실험 영상`,
                description: '초등 과학 실험',
                channelTitle: '과학쌤',
                thumbnails: { medium: { url: 'https://i.ytimg.com/vi/abcDEF12345/mqdefault.jpg' } },
              },
            },
            { id: { kind: 'youtube#video', videoId: '"><script>' }, snippet: { title: '이상한 결과' } },
          ],
        }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
