import { request } from "node:http";

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One request with its request-target sent exactly as written (`//api/x`, `/api/%2e%2e/x`, or the
 * absolute form `http://host/api/x`): fetch would tidy the path up before sending it.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { "Content-Length": Buffer.byteLength(options.body) }),
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"]), body }),
        );
      },
    );
    call.on("error", reject);
    call.end(options.body);
  });
}
