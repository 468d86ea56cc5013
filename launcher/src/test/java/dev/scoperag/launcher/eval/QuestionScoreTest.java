package dev.scoperag.launcher.eval;

import static dev.scoperag.launcher.eval.EvalFixtures.EVIDENCE;
import static dev.scoperag.launcher.eval.EvalFixtures.GOLD;
import static dev.scoperag.launcher.eval.EvalFixtures.TEXT_DOC;
import static dev.scoperag.launcher.eval.EvalFixtures.answer;
import static dev.scoperag.launcher.eval.EvalFixtures.question;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionScoreTest {

    private final EvalCorpus corpus = new EvalFixtures().corpus();
    private final EvalQuestion onPageThree = question(GOLD, 3, EVIDENCE, "$12,617 million");

    @Test
    void aChunkOfTheGoldDocumentWhosePagesIncludeTheEvidencePageIsAHit() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer("x", List.of(), "prior-p3", "gold-p4", "gold-p2-3"), 5);

        assertThat(score.docHit()).isTrue();
        assertThat(score.pageHit()).isTrue();
        assertThat(score.firstHitRank()).isEqualTo(3);
        assertThat(score.reciprocalRank()).isCloseTo(1 / 3.0, within(1e-9));
    }

    @Test
    void theSamePageOfAnotherDocumentOrANeighbouringPageIsNoHit() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer("x", List.of(), "prior-p3", "other-p3", "gold-p4"), 5);

        assertThat(score.docHit()).isTrue();
        assertThat(score.pageHit()).isFalse();
        assertThat(score.reciprocalRank()).isZero();
    }

    @Test
    void onlyTheFirstKChunksAreScored() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer("x", List.of(), "gold-p0", "gold-p4", "gold-p2-3"), 2);

        assertThat(score.contextSize()).isEqualTo(2);
        assertThat(score.pageHit()).isFalse();
        assertThat(score.evidenceRecall()).isLessThan(0.5);
    }

    @Test
    void withoutPageBreaksAChunkHoldingHalfTheEvidenceTokensIsAHit() {
        EvalQuestion onText = question(TEXT_DOC, 7, EVIDENCE, "12,617");

        QuestionScore half = QuestionScore.of(onText, corpus, true, answer("x", List.of(), "text-little", "text-half"), 5);
        QuestionScore little = QuestionScore.of(onText, corpus, true, answer("x", List.of(), "text-little"), 5);

        assertThat(half.firstHitRank()).isEqualTo(2);
        assertThat(little.pageHit()).isFalse();
        assertThat(little.docHit()).isTrue();
    }

    @Test
    void evidenceRecallIsTheBestSingleChunkFromAnyDocument() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer("x", List.of(), "other-p3", "gold-p2-3"), 5);

        assertThat(score.evidenceRecall()).isEqualTo(1.0);
    }

    @Test
    void wrongIssuerCountsChunksOfAnotherCompanyButNotTheSameCompanysOtherYears() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer("x", List.of(), "other-p3", "prior-p3", "gold-p2-3"), 5);

        assertThat(score.wrongIssuer()).isEqualTo(1);
        assertThat(score.contextSize()).isEqualTo(3);
    }

    @Test
    void routingIsJudgedOnlyForArmsThatRoute() {
        assertThat(QuestionScore.of(onPageThree, corpus, true, answer("x", List.of("ACME:2022"), "gold-p0"), 5).routed()).isTrue();
        assertThat(QuestionScore.of(onPageThree, corpus, true, answer("x", List.of("ACME:2021"), "gold-p0"), 5).routed()).isFalse();
        assertThat(QuestionScore.of(onPageThree, corpus, false, answer("x", List.of("ACME:2022"), "gold-p0"), 5).routed()).isNull();
    }

    @Test
    void numericMatchIsAskedOnlyWhenTheReferenceStatesAFigure() {
        assertThat(QuestionScore.of(onPageThree, corpus, true, answer("Revenue was 12,617.", List.of(), "gold-p0"), 5).numericMatch()).isTrue();
        assertThat(QuestionScore.of(onPageThree, corpus, true, answer("Revenue was 11,141.", List.of(), "gold-p0"), 5).numericMatch()).isFalse();
        EvalQuestion qualitative = question(GOLD, 3, EVIDENCE, "Yes, it grew.");
        assertThat(QuestionScore.of(qualitative, corpus, true, answer("12,617", List.of(), "gold-p0"), 5).numericMatch()).isNull();
    }

    @Test
    void anAbstentionHasNoContextAndHitsNothing() {
        QuestionScore score = QuestionScore.of(onPageThree, corpus, true, answer(null, List.of()), 5);

        assertThat(score.contextSize()).isZero();
        assertThat(score.docHit()).isFalse();
        assertThat(score.evidenceRecall()).isZero();
        assertThat(score.numericMatch()).isFalse();
    }
}
