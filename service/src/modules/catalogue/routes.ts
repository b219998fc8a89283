import { Router } from 'express';
import type { AppContext } from '../../context.ts';

export function catalogueRoutes(_ctx: AppContext): Router {
  const router = Router();
  return router;
}
