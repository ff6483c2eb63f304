/**
 * robots.txt rules for the crawler (RFC 9309 subset): the group for our user agent or `*`,
 * Allow/Disallow path prefixes with the longest match winning, and Crawl-delay.
 */
export interface RobotsRules {
  allow: string[];
  disallow: string[];
  crawlDelaySec: number | null;
}

export function parseRobots(text: string, agent = 'lumenmonitor'): RobotsRules {
  const groups: Array<{ agents: string[]; rules: RobotsRules }> = [];
  let cur: { agents: string[]; rules: RobotsRules } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase(),
      value = m[2].trim();
    if (key === 'user-agent') {
      if (!cur || !lastWasAgent) {
        cur = { agents: [], rules: { allow: [], disallow: [], crawlDelaySec: null } };
        groups.push(cur);
      }
      cur.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!cur) continue;
    if (key === 'disallow' && value) cur.rules.disallow.push(value);
    else if (key === 'allow' && value) cur.rules.allow.push(value);
    else if (key === 'crawl-delay' && Number.isFinite(Number(value))) cur.rules.crawlDelaySec = Number(value);
  }
  const mine =
    groups.find((g) => g.agents.some((a) => a !== '*' && agent.includes(a))) ??
    groups.find((g) => g.agents.includes('*'));
  return mine?.rules ?? { allow: [], disallow: [], crawlDelaySec: null };
}

export function robotsAllows(rules: RobotsRules, pathname: string): boolean {
  const longest = (list: string[]) => Math.max(-1, ...list.filter((p) => pathname.startsWith(p)).map((p) => p.length));
  const a = longest(rules.allow),
    d = longest(rules.disallow);
  return d < 0 || a >= d;
}
