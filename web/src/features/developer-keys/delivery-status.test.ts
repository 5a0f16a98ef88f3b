import { describe, expect, it } from 'vitest';
import { deliveryStatus } from './delivery-status';

describe('deliveryStatus', () => {
  it('names each state as the pill shows it, with the last answer beside it', () => {
    expect(deliveryStatus({ state: 'delivered', attempts: 1, lastStatus: 204, lastError: null })).toEqual({ label: 'delivered', tone: 'success', detail: 'HTTP 204' });
    expect(deliveryStatus({ state: 'pending', attempts: 0, lastStatus: null, lastError: null })).toEqual({ label: 'sending', tone: 'neutral', detail: null });
    expect(deliveryStatus({ state: 'pending', attempts: 2, lastStatus: 500, lastError: null })).toEqual({ label: 'retrying', tone: 'warning', detail: 'HTTP 500' });
    expect(deliveryStatus({ state: 'pending', attempts: 1, lastStatus: null, lastError: 'timed out after 10 s' })).toMatchObject({ label: 'retrying', detail: 'timed out after 10 s' });
    expect(deliveryStatus({ state: 'failed', attempts: 17, lastStatus: 503, lastError: 'Service Unavailable' })).toEqual({
      label: 'gave up',
      tone: 'danger',
      detail: 'HTTP 503: Service Unavailable',
    });
    expect(deliveryStatus({ state: 'failed', attempts: 0, lastStatus: null, lastError: 'the address is not public' })).toMatchObject({ label: 'gave up', detail: 'the address is not public' });
  });
});
