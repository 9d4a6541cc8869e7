import { describe, expect, it } from 'vitest';
import { parseStorageUrl, uploadOriginOf } from './storage-url';

describe('STORAGE_URL', () => {
  it('reads the endpoint, bucket, region, credentials and addressing style', () => {
    expect(parseStorageUrl('s3://AKID:se%2Fcret@minio.local:9000/matlib-files?region=eu-west-1&tls=false&pathStyle=true')).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'matlib-files',
      region: 'eu-west-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'se/cret',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://A:B@s3.amazonaws.com/bucket-one')).toMatchObject({ endpoint: 'https://s3.amazonaws.com', region: 'us-east-1', forcePathStyle: false });
  });

  it('refuses a setting it cannot use, saying what is wrong', () => {
    expect(() => parseStorageUrl('http://A:B@host/bucket')).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl('s3://host/bucket')).toThrow(/access key/);
    expect(() => parseStorageUrl('s3://A:B@host/')).toThrow(/bucket/);
    expect(() => parseStorageUrl('s3://A:B@host/bucket?tls=maybe')).toThrow(/tls/);
  });

  it('names the origin browsers upload parts to: the endpoint for path-style buckets, the bucket host otherwise', () => {
    expect(uploadOriginOf(parseStorageUrl('s3://A:B@minio.local:9000/files?tls=false&pathStyle=true'))).toBe('http://minio.local:9000');
    expect(uploadOriginOf(parseStorageUrl('s3://A:B@s3.eu-west-1.amazonaws.com/matlib-files'))).toBe('https://matlib-files.s3.eu-west-1.amazonaws.com');
  });
});
