import { Router } from 'express';
import type { AppContext } from '../../context.ts';

export function addressRoutes(_ctx: AppContext): Router {
  const router = Router();
  return router;
}
