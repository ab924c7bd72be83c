// public/ through HTTP: what a visitor's page uses is served, files meant for the project are not.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { setUpFixtureApp } from '../../support/fixture-app';

const fixture = setUpFixtureApp();

describe('files of public/', () => {
  it.each(['/favicon.svg', '/images/photo-96.png', '/images/articles/angular-signals.svg'])('serves %s', async (url) => {
    await request(fixture.app).get(url).expect(200);
  });

  it.each(['/README.md', '/readme.md', '/README.MD'])('does not serve %s, a file for the project, not for visitors', async (url) => {
    const response = await request(fixture.app).get(url);
    expect(response.status).not.toBe(200);
    expect(response.text).not.toContain('public/');
  });
});
