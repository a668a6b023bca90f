// Issue 5, "Shop and bonuses" (mounted at /shop): a branch's items at /shop/items/ and /shop/items/{id}/, a sale at
// /shop/purchase/, the purchases at /shop/purchases/. Reading and writing need the `shop` page.
import { Hono } from 'hono';
import { idParam, paged } from '../../contract/common';
import { shopItemCreate, shopItemPatch, shopItemsQuery, shopPurchaseBody, shopPurchasesQuery, shopItem, shopPurchase, shopPurchaseResult } from '../../contract/shop';
import { createItem, listItems, updateItem } from '../domain/shop/items';
import { listPurchases, purchase } from '../domain/shop/purchases';
import { actorOf } from '../http/actor';
import { idempotent } from '../http/idempotency';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';

const shop = requirePage('shop');

export function shopRoutes(deps: AppDeps) {
  // Every write may carry an Idempotency-Key: a repeated sale replays the first answer instead of selling twice.
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/items', shop, validate('query', shopItemsQuery), answers(paged(shopItem)), async (c) =>
      c.json(await listItems(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/items', shop, once, validate('json', shopItemCreate), answers(shopItem, { status: 201 }), async (c) =>
      c.json(await createItem(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .patch('/items/:id', shop, once, validate('param', idParam), validate('json', shopItemPatch), answers(shopItem), async (c) =>
      c.json(await updateItem(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/purchase', shop, once, validate('json', shopPurchaseBody), answers(shopPurchaseResult, { status: 201 }), async (c) =>
      c.json(await purchase(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/purchases', shop, validate('query', shopPurchasesQuery), answers(paged(shopPurchase)), async (c) =>
      c.json(await listPurchases(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    );
}
