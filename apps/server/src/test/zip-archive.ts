import yauzl from "yauzl";

/** Every entry of a ZIP (as the member's data export), by name; for tests of what a download holds. */
export function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The export's data.json, parsed, and the other files' names. */
export async function readExport(response: Response) {
  const entries = await readZip(Buffer.from(await response.arrayBuffer()));
  const json = entries.get("data.json");
  if (!json) throw new Error("the export has no data.json");
  return { data: JSON.parse(json.toString("utf8")), text: json.toString("utf8"), entries };
}
