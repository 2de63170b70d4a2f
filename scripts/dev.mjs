// `npm run dev`: the API with reload on change, and Vite's dev server with hot reload
// (proxying /api, /media and the real-time socket to the API). Open http://localhost:5173.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@velvet/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@velvet/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
