import { DEMO_DRIVER_ID } from '../src/constants';
import { INBOX_CATEGORY } from '../src/fixtures/inbox';
import { MALICIOUS_HTML } from '../src/fixtures/malicious';
import { api, call, startSandboxForFile } from './helpers';

const sandbox = startSandboxForFile();
const driverId = DEMO_DRIVER_ID;

const categories = () => call(sandbox, api.communication.categories, { params: { driverId } });
const countNews = async (categoryId: number) => (await categories()).body.find((category) => category.id === categoryId)?.countNews;

describe('communication inbox', () => {
  it('lists categories of each type without a token', async () => {
    const { status, body } = await categories();
    expect(status).toBe(200);
    expect(body.map((category) => category.categorType)).toEqual(expect.arrayContaining([0, 1, 2]));
    expect(body.some((category) => category.categorType !== null && ![0, 1, 2].includes(category.categorType))).toBe(true);
    expect(await countNews(INBOX_CATEGORY.news)).toBe(2);
  });

  it('lists messages of today, of about 20 hours ago and older ones, read and unread', async () => {
    const { body } = await call(sandbox, api.communication.messages, { params: { driverId, categoryId: INBOX_CATEGORY.account } });
    const ages = body.categories.map((message) => Date.now() - new Date(message.receivedat).getTime());
    expect(ages.some((age) => age < 60 * 60 * 1000)).toBe(true);
    expect(ages.some((age) => Math.abs(age - 20 * 60 * 60 * 1000) < 60 * 60 * 1000)).toBe(true);
    expect(ages.some((age) => age > 2 * 24 * 60 * 60 * 1000)).toBe(true);
    expect(new Set(body.categories.map((message) => message.read))).toEqual(new Set([true, false]));
    expect(JSON.stringify(body)).not.toContain('<p>');
  });

  it('marks every message of a request viewed and lowers countNews', async () => {
    const answer = await call(sandbox, api.communication.markViewed, { params: { driverId, requestId: 6001 } });
    expect(answer.status).toBe(200);
    expect(await countNews(INBOX_CATEGORY.news)).toBe(0);
    const { body } = await call(sandbox, api.communication.messages, { params: { driverId, categoryId: INBOX_CATEGORY.news } });
    expect(body.categories.filter((message) => message.requestId === 6001).every((message) => message.read)).toBe(true);

    await fetch(`${sandbox.baseUrl}/__sandbox/reset`, { method: 'POST' });
    expect(await countNews(INBOX_CATEGORY.news)).toBe(2);
  });

  it('returns HTML bodies (one malicious) and plain-text bodies', async () => {
    const html = await call(sandbox, api.communication.message, { params: { driverId, categoryId: INBOX_CATEGORY.news, messageId: 201 } });
    expect(html.status).toBe(200);
    expect(html.body.message?.body).toContain(MALICIOUS_HTML);
    expect(html.body.message?.body).toContain('<strong>');
    const text = await call(sandbox, api.communication.message, {
      params: { driverId, categoryId: INBOX_CATEGORY.account, messageId: 102 },
    });
    expect(text.body.message?.body).not.toMatch(/<[a-z]/i);
    expect(text.body).toMatchObject({ id: 102, title: expect.any(String), message: { description: expect.any(String) } });
  });

  it('answers 404 for an unknown driver, request or message', async () => {
    expect((await call(sandbox, api.communication.categories, { params: { driverId: 'nobody' } })).status).toBe(404);
    expect((await call(sandbox, api.communication.markViewed, { params: { driverId, requestId: 1 } })).status).toBe(404);
    const message = await call(sandbox, api.communication.message, {
      params: { driverId, categoryId: INBOX_CATEGORY.news, messageId: 101 },
    });
    expect(message.status).toBe(404);
  });
});
