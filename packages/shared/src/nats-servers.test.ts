import { describe, expect, it } from 'vitest';
import { natsServers } from './nats-servers';

describe('natsServers', () => {
  it('takes the credentials of the first URL that has them out of every URL', () => {
    expect(natsServers('nats://stratum:p%40ss:w@nats1:4222, nats://other:x@nats2:4222,tls://nats3:4222')).toEqual({
      servers: ['nats://nats1:4222', 'nats://nats2:4222', 'tls://nats3:4222'],
      user: 'stratum',
      pass: 'p@ss:w',
    });
  });

  it('reads userinfo without a colon as a token, and leaves a URL without credentials as it is', () => {
    expect(natsServers('nats://s3cr3t-token@127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'], token: 's3cr3t-token' });
    expect(natsServers('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    expect(natsServers('127.0.0.1:4222')).toEqual({ servers: ['127.0.0.1:4222'] });
  });

  it('keeps a password holding / or an unencoded @ out of the servers, and a lone % as written', () => {
    expect(natsServers('nats://u:ab/cd+ef==@nats1:4222')).toEqual({ servers: ['nats://nats1:4222'], user: 'u', pass: 'ab/cd+ef==' });
    expect(natsServers('nats://u:p@ss@nats1:4222')).toEqual({ servers: ['nats://nats1:4222'], user: 'u', pass: 'p@ss' });
    expect(natsServers('nats://u:100%@nats1:4222')).toEqual({ servers: ['nats://nats1:4222'], user: 'u', pass: '100%' });
  });
});
