import { describe, expect, it } from 'vitest';
import { testContext } from '../../test/context.ts';

const ctx = await testContext();

describe('integration modules', () => {
  it('lets an administrator add and edit a module, and shows its key only to administrators', async () => {
    const created = await ctx.as('admin', {
      method: 'POST',
      url: '/api/modules/',
      payload: {
        name: 'Directo',
        url: 'http://127.0.0.1:4010/xmlcore/demo/xmlcore.asp',
        key: 'secret-key',
        is_active: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().key).toBe('secret-key');

    const asContractor = await ctx.as('contractor', {
      method: 'GET',
      url: '/api/modules/?name__exact=directo',
    });
    expect(asContractor.json().results).toEqual([
      {
        id,
        name: 'Directo',
        url: 'http://127.0.0.1:4010/xmlcore/demo/xmlcore.asp',
        key: null,
        is_active: true,
      },
    ]);

    const off = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/modules/${id}/`,
      payload: { is_active: false },
    });
    expect(off.json().is_active).toBe(false);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/modules/${id}/` })).json().is_active).toBe(
      false,
    );
  });

  it('refuses a missing url and key, a bad url and a duplicate name, changing nothing', async () => {
    const before = (await ctx.as('admin', { method: 'GET', url: '/api/modules/' })).json().count;
    const missing = await ctx.as('admin', {
      method: 'POST',
      url: '/api/modules/',
      payload: { name: 'BC', url: '', key: '  ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ url: ['required'], key: ['required'] });
    const badUrl = await ctx.as('admin', {
      method: 'POST',
      url: '/api/modules/',
      payload: { name: 'BC', url: 'not a url', key: 'k' },
    });
    expect(badUrl.json()).toEqual({ url: ['invalid_url'] });
    const dup = await ctx.as('admin', {
      method: 'POST',
      url: '/api/modules/',
      payload: { name: 'DIRECTO', url: 'http://x.test/', key: 'k' },
    });
    expect(dup.json()).toEqual({ name: ['name_exists'] });
    expect((await ctx.as('admin', { method: 'GET', url: '/api/modules/' })).json().count).toBe(before);
  });

  it('keeps modules from suppliers and their writes from contractors', async () => {
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/modules/' })).statusCode).toBe(403);
    expect(
      (
        await ctx.as('contractor', {
          method: 'POST',
          url: '/api/modules/',
          payload: { name: 'X', url: 'http://x.test/', key: 'k' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
