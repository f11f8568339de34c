import { Hono } from 'hono';
import type { Env } from '../env';
import { podcastArt } from './files/podcast-art';
import { siteFiles } from './files/site-files';
import { siteImages } from './files/site-images';
import { thumbs } from './files/thumbs';

/**
 * The files the Worker serves itself: YouTube thumbnails and podcast episode art fetched through it, the owners'
 * site images from R2, and robots.txt, the sitemap and the manifest.
 */
export const files = new Hono<{ Bindings: Env }>();

files.route('/', thumbs);
files.route('/', podcastArt);
files.route('/', siteImages);
files.route('/', siteFiles);
