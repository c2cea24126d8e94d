"""The editors' API (issue 10), editors only: index jobs (list, start, follow, cancel), documents the
engine set aside (list, retry), the synonym glossary and the hot-word block list. Reads and writes
are two blueprints so that the write rate limit does not count the page's progress polling."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import SIGNED_OUT, HubBlueprint
from api.envelope import MSG_SAVED, envelope_of, ok
from api.schemas.beacons import RollupQueuedSchema
from api.schemas.editor import (
    AcronymArgs,
    AcronymDecisionBody,
    AcronymListSchema,
    AcronymPairSchema,
    AnomalyArgs,
    AnomalyListSchema,
    DiscountBody,
    DiscountedSchema,
    JobBody,
    JobListSchema,
    JobSchema,
    RejectedListSchema,
    RejectedSchema,
    TextBody,
    TextFileSchema,
)
from api.services import acronym_review, editor, editor_texts, heat_anomalies

blp = HubBlueprint("editor", __name__, url_prefix="/api", description="Editors: index jobs and word lists (reads)")
writes = HubBlueprint(
    "editor_writes", __name__, url_prefix="/api", description="Editors: start and cancel jobs, retry, edit lists"
)

FORBIDDEN = f"{SIGNED_OUT}; not an editor: {{code: 403, msg: '没有权限'}}"
CONFLICT = "a job of the same group is queued or running: {code: 409, msg: '已有重建索引任务在进行中（#N）…'}"

MSG_JOB_STARTED = "任务已开始"
MSG_JOB_CANCELLING = "已请求取消"
MSG_RETRY_QUEUED = "已重新加入索引队列"
MSG_DISCOUNTED = "已不计入热度"


@blp.route("/v1/editor/jobs")
class Jobs(MethodView):
    @blp.response(200, envelope_of(JobListSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self):
        """The latest index jobs (newest first) with state, done/total, docs per second and ETA, and
        the kinds of job an editor may start."""
        return ok(editor.list_jobs())


@writes.route("/v1/editor/jobs")
class StartJob(MethodView):
    @writes.arguments(JobBody)
    @writes.response(200, envelope_of(JobSchema))
    @writes.write_errors(FORBIDDEN)
    @writes.alt_response(409, description=CONFLICT)
    def post(self, args):
        """Start an index job: reindex-all, reindex-kind (target: a content kind), drain-outbox, or
        source:<name>. The worker runs it; follow it with GET /v1/editor/jobs/{id}. msg `任务已开始`."""
        return ok(editor.start_job(args), MSG_JOB_STARTED)


@blp.route("/v1/editor/jobs/<id:job_id>")
class Job(MethodView):
    @blp.response(200, envelope_of(JobSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, job_id: int):
        """One job's figures (the page polls this while a job runs)."""
        return ok(editor.get_job(job_id))


@writes.route("/v1/editor/jobs/<id:job_id>/cancel")
class CancelJob(MethodView):
    @writes.response(200, envelope_of(JobSchema))
    @writes.write_errors(FORBIDDEN)
    @writes.alt_response(404, response="NOT_FOUND")
    @writes.alt_response(409, description="already finished: {code: 409, msg: '任务已结束，无法取消'}")
    def post(self, job_id: int):
        """Cancel a job: a queued one at once, a running one after its current chunk (a reindex then
        deletes its half-built index). msg `已请求取消`."""
        return ok(editor.cancel_job(job_id), MSG_JOB_CANCELLING)


@blp.route("/v1/editor/rejected")
class Rejected(MethodView):
    @blp.response(200, envelope_of(RejectedListSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self):
        """Documents the engine refused (set aside by a reindex or the outbox), with its reason."""
        return ok(editor.list_rejected())


@writes.route("/v1/editor/rejected/<id:rejected_id>/retry")
class RetryRejected(MethodView):
    @writes.response(200, envelope_of(RejectedSchema))
    @writes.write_errors(FORBIDDEN)
    @writes.alt_response(404, response="NOT_FOUND")
    def post(self, rejected_id: int):
        """Send the row through the outbox again (after fixing it); it leaves the list once indexed.
        msg `已重新加入索引队列`."""
        return ok(editor.retry_rejected(rejected_id), MSG_RETRY_QUEUED)


@blp.route("/v1/editor/glossary")
class Glossary(MethodView):
    @blp.response(200, envelope_of(TextFileSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self):
        """The synonym glossary: one meaning per line, terms separated by commas, # comments."""
        return ok(editor_texts.glossary())


@writes.route("/v1/editor/glossary")
class SaveGlossary(MethodView):
    @writes.arguments(TextBody)
    @writes.response(200, envelope_of(TextFileSchema))
    @writes.write_errors(FORBIDDEN)
    def put(self, args):
        """Replace the glossary (validated: two terms or more per line). Applies to the next search,
        no reindex. msg `保存成功`."""
        return ok(editor_texts.save_glossary(args), MSG_SAVED)


@blp.route("/v1/editor/hotword-blocklist")
class Blocklist(MethodView):
    @blp.response(200, envelope_of(TextFileSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self):
        """The hot-word block list: one word or `*` pattern per line, # comments."""
        return ok(editor_texts.blocklist())


@writes.route("/v1/editor/hotword-blocklist")
class SaveBlocklist(MethodView):
    @writes.arguments(TextBody)
    @writes.response(200, envelope_of(TextFileSchema))
    @writes.write_errors(FORBIDDEN)
    def put(self, args):
        """Replace the block list (validated). Applies within about a minute. msg `保存成功`."""
        return ok(editor_texts.save_blocklist(args), MSG_SAVED)


@writes.route("/v1/editor/rollup")
class Rollup(MethodView):
    @writes.response(200, envelope_of(RollupQueuedSchema, name="RollupEnvelope"))
    @writes.write_errors(FORBIDDEN)
    def post(self):
        """Queue the heat rollup now (it also runs daily at 0:00): consume the attention stream,
        recompute daily heat, publish day/3-day/week/month heat to the index through the outbox. The
        worker runs one rollup at a time; msg `已开始汇总`. 503 when the worker's queue is unreachable."""
        return ok(editor.start_rollup(), "已开始汇总")


@blp.route("/v1/editor/heat-anomalies")
class HeatAnomalies(MethodView):
    @blp.arguments(AnomalyArgs, location="query")
    @blp.response(200, envelope_of(AnomalyListSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self, args):
        """A day's items (default the newest rolled-up day) whose heat comes mostly from one network (60%
        of its people or more) or from accounts created that day (half or more), at least 3 people, most
        looked-at first, with whether an editor discounted them."""
        return ok(heat_anomalies.list_anomalies(args))


@writes.route("/v1/editor/heat-anomalies/discount")
class DiscountHeat(MethodView):
    @writes.arguments(DiscountBody)
    @writes.response(200, envelope_of(DiscountedSchema))
    @writes.write_errors(FORBIDDEN)
    @writes.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """Take an item's day out of the lists: its counts stay, its heat becomes 0, and the rollup is
        queued so the lists change at once. Idempotent. msg `已不计入热度`."""
        return ok(heat_anomalies.discount(args), MSG_DISCOUNTED)


@blp.route("/v1/editor/acronyms")
class Acronyms(MethodView):
    @blp.arguments(AcronymArgs, location="query")
    @blp.response(200, envelope_of(AcronymListSchema))
    @blp.alt_response(403, description=FORBIDDEN)
    def get(self, args):
        """Acronym pairs the indexer found documents defining (全称（缩写）, `Full Name (ABBR)`), by status: pending
        (待审核), accepted (已采纳), rejected (已拒绝); most defining documents first, 20 a page. `acting`: the
        search uses the pair as a glossary group now (accepted, or pending with a defining document)."""
        return ok(acronym_review.list_pairs(args))


@writes.route("/v1/editor/acronyms/<id:pair_id>/decision")
class AcronymDecision(MethodView):
    @writes.arguments(AcronymDecisionBody)
    @writes.response(200, envelope_of(AcronymPairSchema))
    @writes.write_errors(FORBIDDEN)
    @writes.alt_response(404, response="NOT_FOUND")
    def post(self, args, pair_id: int):
        """Decide a pair: accepted (采纳: written into the glossary, in the group holding either term, no
        duplicate), rejected (拒绝: the search stops using it within seconds on every host) or pending (撤销:
        back to 待审核, what accepting wrote into the glossary taken out). msg `已采纳，已写入同义词表`,
        `已拒绝，搜索不再使用` or `已撤销`."""
        view, message = acronym_review.decide(pair_id, args)
        return ok(view, message)
