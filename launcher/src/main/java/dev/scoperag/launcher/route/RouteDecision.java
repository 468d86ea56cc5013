package dev.scoperag.launcher.route;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.route.Route;

/**
 * A routing decision as one line of JSON: the question, the issuers it names with the words that named
 * each and how (name, alias, learned alias, ticker, typo), the shards it goes to, and how.
 */
final class RouteDecision {

    private RouteDecision() {}

    static ObjectNode toJson(QuestionFile.Question question, Route route) {
        ObjectNode json = Json.MAPPER.createObjectNode();
        if (question.id() != null) {
            json.put("id", question.id());
        }
        json.put("question", question.text());
        ArrayNode issuers = json.putArray("issuers");
        for (Route.Issuer i : route.issuers()) {
            ObjectNode issuer = issuers.addObject();
            issuer.put("ticker", i.ticker());
            if (i.cik() != null) {
                issuer.put("cik", i.cik());
            } else {
                issuer.putNull("cik");
            }
            if (i.name() != null) {
                issuer.put("name", i.name());
            }
            issuer.put("in_corpus", i.inCorpus());
            ArrayNode namedBy = issuer.putArray("named_by");
            for (Route.Naming n : route.namedBy(i)) {
                namedBy.addObject().put("words", n.words()).put("how", n.how()).put("detail", n.detail());
            }
        }
        ArrayNode shards = json.putArray("shards");
        for (Shard s : route.shards()) {
            shards.addObject().put("ticker", s.ticker()).put("fiscal_year", s.fiscalYear());
        }
        json.put("method", route.method());
        json.put("confidence", route.confidence());
        json.put("fallback", route.fallback());
        if (route.abstainReason() != null) {
            json.put("abstain_reason", route.abstainReason());
        }
        if (!route.forms().isEmpty()) {
            route.forms().forEach(json.putArray("forms")::add);
        }
        if (!route.periods().isEmpty()) {
            route.periods().forEach(json.putArray("periods")::add);
        }
        json.put("explanation", route.explanation());
        return json;
    }
}
