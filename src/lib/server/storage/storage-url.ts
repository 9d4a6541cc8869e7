/**
 * `STORAGE_URL`, the S3-compatible store (docs/operations.md): 
 * `s3://ACCESS_KEY:SECRET@host:port/bucket?region=us-east-1&tls=true&pathStyle=false`.
 * Access key and secret are percent-encoded when they hold reserved characters; `region` defaults to us-east-1,
 * `tls` to true, `pathStyle` to false (virtual-hosted buckets; MinIO and most self-hosted stores want true).
 */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const BOOL = new Map([['true', true], ['false', false], ['1', true], ['0', false]]);

export function parseStorageUrl(text: string): S3Config {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('STORAGE_URL is not a URL (expected s3://ACCESS_KEY:SECRET@host:port/bucket?region=…)');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('STORAGE_URL names no valid bucket after the host (s3://…@host/bucket)');
  if (!url.username || !url.password) throw new Error('STORAGE_URL needs the access key and secret (s3://ACCESS_KEY:SECRET@host/bucket)');
  if (!url.hostname) throw new Error('STORAGE_URL needs a host');
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name);
    if (value === null) return fallback;
    const parsed = BOOL.get(value.toLowerCase());
    if (parsed === undefined) throw new Error(`STORAGE_URL: ${name} must be true or false`);
    return parsed;
  };
  const tls = flag('tls', true);
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new Error('STORAGE_URL: region is not a region name');
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: flag('pathStyle', false),
  };
}

/**
 * The origin browsers send parts to (presigned URLs): the endpoint itself for path-style buckets, else the bucket's
 * own host name. Pages allow it in their Content-Security-Policy `connect-src`.
 */
export function uploadOriginOf(config: S3Config): string {
  if (config.forcePathStyle) return config.endpoint;
  const url = new URL(config.endpoint);
  return `${url.protocol}//${config.bucket}.${url.host}`;
}
