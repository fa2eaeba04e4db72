// Database: the benchmark runs and the shootouts (Database.h gives the contract).
#include "storage/Database.h"

#include "storage/RunTable.h"
#include "storage/ShootoutTable.h"

namespace hostbench::storage {

using namespace Qt::StringLiterals;

// ---- runs -------------------------------------------------------------------

qint64 Database::saveRun(const model::BenchParameters &parameters, const model::RunSummary &summary,
    const QList<model::BenchSample> &samples, const model::LatencyHistogram *histogram)
{
    qint64 runId = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        runId = RunTable::insert(connection(), parameters, summary, samples, histogram, error);
        return runId != 0;
    });
    return saved ? runId : 0;
}

qint64 Database::beginRun(const model::BenchParameters &parameters, qint64 startedAtMs)
{
    qint64 runId = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        runId = RunTable::begin(connection(), parameters, startedAtMs, error);
        return runId != 0;
    });
    return saved ? runId : 0;
}

bool Database::appendSamples(qint64 runId, const QList<model::BenchSample> &samples)
{
    return ensureOpen() && inTransaction(u"Cannot save the samples of the run"_s, [&](QString *error) {
        return RunTable::appendSamples(connection(), runId, samples, error);
    });
}

bool Database::finishRun(
    qint64 runId, const model::RunSummary &summary, const model::LatencyHistogram *histogram)
{
    return ensureOpen() && inTransaction(u"Cannot save the run"_s, [&](QString *error) {
        return RunTable::finish(connection(), runId, summary, histogram, error);
    });
}

QList<StoredRun> Database::runs(int limit)
{
    QList<StoredRun> runs;
    QString error;
    if (ensureOpen() && !RunTable::select(connection(), 0, limit, &runs, &error))
        fail(error, {});
    return runs;
}

std::optional<StoredRun> Database::run(qint64 id)
{
    QList<StoredRun> runs;
    QString error;
    if (!ensureOpen())
        return std::nullopt;
    if (!RunTable::select(connection(), id, 1, &runs, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (runs.isEmpty()) {
        fail(u"There is no run with id %1"_s.arg(id), {});
        return std::nullopt;
    }
    return runs.constFirst();
}

QList<model::BenchSample> Database::samples(qint64 runId)
{
    QList<model::BenchSample> samples;
    QString error;
    if (ensureOpen() && !RunTable::selectSamples(connection(), runId, &samples, &error))
        fail(error, {});
    return samples;
}

std::optional<model::LatencyHistogram> Database::histogram(qint64 runId)
{
    m_lastError.clear();
    if (!ensureOpen())
        return std::nullopt;
    bool found = false;
    std::optional<model::LatencyHistogram> histogram;
    QString error;
    if (!RunTable::selectHistogram(connection(), runId, &found, &histogram, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (!found)
        fail(u"There is no run with id %1"_s.arg(runId), {});
    return histogram;
}

bool Database::setRunNote(qint64 id, const QString &note)
{
    QString error;
    return ensureOpen() && (RunTable::setNote(connection(), id, note, &error) || fail(error, {}));
}

bool Database::setBaseline(qint64 id)
{
    const std::optional<StoredRun> stored = run(id);
    if (!stored)
        return false;
    if (!stored->finished)
        return fail(u"Run %1 was broken off (its process ended before the run did): it cannot be a "
                    "baseline"_s.arg(id),
            {});
    // A baseline is a whole run that measured something: one cut short (stopped,
    // or aborted by a threshold) or without a single success compares with nothing.
    if (!stored->summary.abortedBy.isEmpty())
        return fail(u"Run %1 was aborted by its threshold %2: it cannot be a baseline"_s.arg(
                        QString::number(id), stored->summary.abortedBy),
            {});
    if (stored->summary.interrupted)
        return fail(u"Run %1 was stopped before its end: it cannot be a baseline"_s.arg(id), {});
    // (A run stored before the status counts were kept has none: its completed requests count.)
    const model::RunSummary &summary = stored->summary;
    if (summary.completed == 0 || (!summary.statusCounts.isEmpty() && summary.succeeded() == 0))
        return fail(u"Run %1 has no successful request: it cannot be a baseline"_s.arg(id), {});
    return inTransaction(u"Cannot set the baseline"_s,
        [&](QString *error) { return RunTable::setBaseline(connection(), id, true, error); });
}

bool Database::clearBaseline(qint64 id, qint64 *cleared)
{
    *cleared = 0;
    const std::optional<StoredRun> stored = run(id);
    if (!stored)
        return false;
    return inTransaction(u"Cannot clear the baseline"_s, [&](QString *error) {
        QList<qint64> ids;
        if (!RunTable::selectBaselineIds(
                connection(), stored->parameters.method, stored->parameters.url, &ids, error))
            return false;
        for (const qint64 baselineId : ids) {
            if (!RunTable::setBaseline(connection(), baselineId, false, error))
                return false;
            *cleared = baselineId;
        }
        return true;
    });
}

std::optional<StoredRun> Database::baseline(const QByteArray &method, const QString &url)
{
    m_lastError.clear();
    QList<qint64> ids;
    QString error;
    if (!ensureOpen())
        return std::nullopt;
    // A null URL would list every baseline.
    if (!RunTable::selectBaselineIds(connection(), method, url.isNull() ? u""_s : url, &ids, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (ids.isEmpty())
        return std::nullopt;
    return run(ids.constFirst());
}

QList<StoredRun> Database::baselines()
{
    QList<qint64> ids;
    QList<StoredRun> runs;
    QString error;
    if (!ensureOpen())
        return runs;
    if (!RunTable::selectBaselineIds(connection(), {}, QString(), &ids, &error)) {
        fail(error, {});
        return runs;
    }
    for (const qint64 id : ids) {
        if (std::optional<StoredRun> stored = run(id))
            runs.append(*stored);
    }
    return runs;
}

bool Database::removeRun(qint64 id)
{
    QString error;
    return ensureOpen() && (RunTable::remove(connection(), id, &error) || fail(error, {}));
}

// ---- shootouts --------------------------------------------------------------

qint64 Database::beginShootout(const QJsonObject &settings, qint64 startedAtMs)
{
    qint64 id = 0;
    const bool saved = ensureOpen() && inTransaction(u"Cannot save the shootout"_s, [&](QString *error) {
        id = ShootoutTable::begin(connection(), settings, startedAtMs, error);
        return id != 0;
    });
    return saved ? id : 0;
}

bool Database::addShootoutRun(qint64 shootoutId, const model::ShootoutEntry &entry)
{
    return ensureOpen() && inTransaction(u"Cannot save a run of the shootout"_s, [&](QString *error) {
        return ShootoutTable::addRun(connection(), shootoutId, entry, error);
    });
}

bool Database::finishShootout(qint64 shootoutId, const QJsonObject &notes)
{
    return ensureOpen() && inTransaction(u"Cannot save the shootout"_s, [&](QString *error) {
        return ShootoutTable::finish(connection(), shootoutId, notes, error);
    });
}

QList<StoredShootout> Database::shootouts(int limit)
{
    QList<StoredShootout> shootouts;
    QString error;
    if (ensureOpen() && !ShootoutTable::select(connection(), 0, limit, &shootouts, &error))
        fail(error, {});
    return shootouts;
}

std::optional<StoredShootout> Database::shootout(qint64 id)
{
    m_lastError.clear();
    QList<StoredShootout> shootouts;
    QString error;
    if (!ensureOpen())
        return std::nullopt;
    if (!ShootoutTable::select(connection(), id, 1, &shootouts, &error)) {
        fail(error, {});
        return std::nullopt;
    }
    if (shootouts.isEmpty()) {
        fail(u"There is no shootout with id %1"_s.arg(id), {});
        return std::nullopt;
    }
    return shootouts.constFirst();
}

bool Database::removeShootout(qint64 id)
{
    return ensureOpen() && inTransaction(u"Cannot remove shootout %1"_s.arg(id), [&](QString *error) {
        return ShootoutTable::remove(connection(), id, error);
    });
}

} // namespace hostbench::storage
