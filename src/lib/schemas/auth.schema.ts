import { z } from 'astro/zod';
import { email } from './fields.ts';

export const loginSchema = z.object({
  email: email(),
  password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is too long'),
});
