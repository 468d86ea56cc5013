package dev.scoperag.core.answer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Shares the context between the companies (or filings) a question is about, so one whose passages
 * score lower is still represented: "compare AMD's and Intel's R&D" needs evidence from both even when
 * AMD's passages outscore all of Intel's.
 *
 * <p>Rules, with {@code g} groups among the reranked candidates and {@code topK} slots:
 * <ol>
 *   <li>Groups are ordered by their best candidate's score.
 *   <li>Each group gets {@code max(1, topK / g)} slots, filled best first from its own candidates; when
 *       there are more groups than slots, the best-ordered {@code topK} groups get one each.
 *   <li>Slots a group cannot fill (it has too few candidates) go to the best remaining candidates of any
 *       group.
 *   <li>The result is ordered by score, best first.
 * </ol>
 * With an {@link AdaptiveCutoff}, each group's candidates are first cut by it, and only candidates the
 * cutoff kept are eligible, for the group's own slots and for leftovers alike; with a single group this is
 * exactly the cutoff with {@code max = topK}.
 */
public final class EvidenceQuota {

    private final int topK;
    private final Function<Scored, String> group;

    private EvidenceQuota(int topK, Function<Scored, String> group) {
        if (topK < 1) {
            throw new IllegalArgumentException("topK must be positive: " + topK);
        }
        this.topK = topK;
        this.group = Objects.requireNonNull(group, "group");
    }

    /** One quota per company: candidates grouped by ticker. */
    public static EvidenceQuota perTicker(int topK) {
        return new EvidenceQuota(topK, scored -> scored.candidate().chunk().ticker());
    }

    /** One quota per shard (company and fiscal year), for questions comparing years. */
    public static EvidenceQuota perShard(int topK) {
        return new EvidenceQuota(topK, scored -> scored.candidate().chunk().shard());
    }

    public int topK() {
        return topK;
    }

    /** Up to {@code topK} candidates of {@code reranked} (best first), every group represented. */
    public List<Scored> select(List<Scored> reranked) {
        return select(reranked, null);
    }

    /** As {@link #select(List)}, keeping of each group only what {@code cutoff} keeps of it; null means no cutoff. */
    public List<Scored> select(List<Scored> reranked, AdaptiveCutoff cutoff) {
        Map<String, List<Scored>> groups = new LinkedHashMap<>();
        List<Scored> sorted = new ArrayList<>(reranked);
        sorted.sort(Comparator.comparingDouble(Scored::score).reversed());
        for (Scored scored : sorted) {
            groups.computeIfAbsent(group.apply(scored), unused -> new ArrayList<>()).add(scored);
        }
        List<List<Scored>> eligible = new ArrayList<>();
        for (List<Scored> members : groups.values()) {
            eligible.add(cutoff == null ? members : cutoff.cut(members));
        }
        int quota = Math.max(1, topK / Math.max(1, eligible.size()));
        List<Scored> selected = new ArrayList<>(topK);
        List<Scored> leftovers = new ArrayList<>();
        for (List<Scored> members : eligible) {
            for (int i = 0; i < members.size(); i++) {
                if (i < quota && selected.size() < topK) {
                    selected.add(members.get(i));
                } else {
                    leftovers.add(members.get(i));
                }
            }
        }
        leftovers.sort(Comparator.comparingDouble(Scored::score).reversed());
        for (Scored scored : leftovers) {
            if (selected.size() >= topK) {
                break;
            }
            selected.add(scored);
        }
        selected.sort(Comparator.comparingDouble(Scored::score).reversed());
        return selected;
    }
}
