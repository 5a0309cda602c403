#!/usr/bin/env python3
"""report.py -- the Markdown section of the scale benchmark, goals judged
from this run: <= 48 bytes per live tensor at 10^6, >= 1.8x with 2 threads
(>= 1.9x, wall clock, for issue 15)."""
import argparse


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--load", nargs=2, type=float, required=True)
    ap.add_argument("--cpus", type=int, required=True)
    ap.add_argument("--lifecycles", type=int, required=True)
    ap.add_argument("--rounds", type=int, required=True)
    args = ap.parse_args()

    mem, threads = [], {}
    with open(args.results) as f:
        for line in f:
            parts = line.split()
            if parts[0] == "mem":
                mem.append((int(parts[1]), float(parts[2]), float(parts[3]),
                            int(parts[4]), int(parts[5])))
            elif parts[0] == "threads":
                k = int(parts[4]) if len(parts) > 4 else 8
                threads.setdefault(k, {})[int(parts[1])] = (float(parts[2]), float(parts[3]))

    out = ["### Scale\n", "#### Memory per live tracked tensor\n",
           "Fake handles (addresses in one untouched malloc'd block allocated before the "
           "baseline), so only the runtime's memory counts; one fresh process per size. "
           "Small counts carry the runtime's allocation granularity (tables and slabs grow "
           "in steps), so the goal is judged at 10^6.\n",
           "| live tensors | resident (RSS) bytes / tensor | malloc'd bytes / tensor |",
           "|---:|---:|---:|"]
    for n, rss, heap, _, _ in mem:
        out.append(f"| {n:,} | {rss:.1f} | {heap:.1f} |")
    if mem:
        out.append(f"\nFixed cost of the first tracked tensor (tables, thread state): "
                   f"{mem[0][3]:,} bytes resident, {mem[0][4]:,} bytes malloc'd.\n")

    out.append("#### Throughput, 1 vs 2 threads on separate tensors\n")
    out.append(f"Each thread: scope begin, 8 x (track, weak ref, weak get), 4 releases by "
               f"hand, scope end releasing the other 4; {args.lifecycles:,} tensor lifecycles "
               f"per thread, best of {args.rounds} interleaved rounds. Machine: {args.cpus} CPUs, "
               f"load average {args.load[0]:.2f} before and {args.load[1]:.2f} after "
               "(shared with other users: a load near or above the CPU count means the two "
               "threads did not have two free cores).\n")
    out.append("| live tensors per thread | threads | wall ns / lifecycle | lifecycles / s | CPU ns / lifecycle |")
    out.append("|---:|---:|---:|---:|---:|")
    for k in sorted(threads, key=lambda k: (k == 0, k)):
        for nt in sorted(threads[k]):
            wall, cpu = threads[k][nt]
            label = "none: malloc(64)+free, no runtime" if k == 0 else str(k)
            out.append(f"| {label} | {nt} | {wall:.1f} | {1e9 / wall:,.0f} | {cpu:.1f} |")
    out.append("")
    def scaling(k):
        t = threads.get(k, {})
        if 1 not in t or 2 not in t:
            return None, None
        return t[1][0] / t[2][0], 2 * t[1][1] / t[2][1]
    wall0, cpu0 = scaling(0)
    if wall0 is not None:
        out.append(f"The machine's own ceiling in this run: 2 threads doing only malloc(64)+free "
                   f"(nothing shared between them) reach {wall0:.2f}x (wall clock) and "
                   f"{cpu0:.2f}x (CPU time) the throughput of 1: what this machine allows "
                   "two threads that share nothing, in this run.\n")
    wall64, cpu64 = scaling(64)
    if wall64 is not None:
        out.append(f"With 64 live tensors per thread (not the goal's 8), 2 threads reach "
                   f"{wall64:.2f}x (wall clock) and {cpu64:.2f}x (CPU time) the throughput of 1. "
                   "The registry's 1024 shards are chosen by address, so with this many tensors "
                   "the two threads share shards; a create or release takes its shard's lock, "
                   "and when the other thread used that shard last, the lock's cache line "
                   "moves between the cores. How often that happens varies from run to run "
                   "(addresses differ); with 8 tensors each, the two threads rarely meet in a "
                   "shard at all.\n")
    goals = ["#### Goals (runtime issue, section 4)\n", "| goal | measured | result |", "|---|---|---|"]
    big = [m for m in mem if m[0] >= 1000000]
    if big:
        n, rss, heap = big[-1][:3]
        worst = max(rss, heap)
        goals.append(f"| <= 48 bytes per live tensor at {n:,} | {rss:.1f} B resident, {heap:.1f} B malloc'd | "
                     f"{'**PASS**' if worst <= 48 else '**MISS**'} |")
    else:
        goals.append("| <= 48 bytes per live tensor at 1,000,000 | not measured (smoke run) | n/a |")
    wall_x, cpu_x = scaling(8)
    if wall_x is not None:
        goals.append(f"| 2 threads >= 1.8x the throughput of 1 (wall clock) | {wall_x:.2f}x | "
                     f"{'**PASS**' if wall_x >= 1.8 else '**MISS**'} |")
        goals.append(f"| 2 threads >= 1.8x, from thread CPU time (the runtime's own contention, load-independent) | "
                     f"{cpu_x:.2f}x | {'**PASS**' if cpu_x >= 1.8 else '**MISS**'} |")
        # Issue 15 raised the bar to 1.9x (each thread with its own tensors).
        goals.append(f"| 2 threads >= 1.9x the throughput of 1 (wall clock; issue 15) | {wall_x:.2f}x | "
                     f"{'**PASS**' if wall_x >= 1.9 else '**MISS**'} |")
    out += goals
    out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
