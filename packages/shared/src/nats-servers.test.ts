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
});
