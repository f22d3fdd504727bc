export function freshRemote(): { dir: string; name: string; port: number; prefix: string };
