#include "ui/BenchEngineWatch.h"

#include "instance/TargetResolver.h"
#include "ui/EngineController.h"

#include <QHostAddress>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

BenchEngineWatch::BenchEngineWatch(EngineController &engine, int pollIntervalMs)
    : m_engine(engine)
    , m_pollIntervalMs(pollIntervalMs)
{ }

bool BenchEngineWatch::targets(const model::BenchParameters &run) const
{
    if (!m_engine.isRunning())
        return false;
    const QUrl url(run.url);
    const bool http = url.scheme() == u"http"_s && url.port(80) == m_engine.port();
    const QUrl tls(m_engine.tlsUrl());
    const bool https = url.scheme() == u"https"_s && tls.port() > 0 && url.port(443) == tls.port();
    if (!http && !https)
        return false;
    QString host = url.host().toLower();
    // NAME.localhost reaches 127.0.0.1 (the load generator's rule, BenchTarget::lookupName).
    if (host.endsWith(u".localhost"_s))
        host = u"127.0.0.1"_s;
    const QHostAddress address(host);
    const QHostAddress listen(m_engine.listenAddress());
    const bool anyAddress
        = listen == QHostAddress(QHostAddress::AnyIPv4) || listen == QHostAddress(QHostAddress::AnyIPv6);
    return host == u"localhost"_s || host == TargetResolver::connectableAddress(m_engine.listenAddress())
        || address == listen || (address.isLoopback() && (listen.isLoopback() || anyAddress));
}

void BenchEngineWatch::start()
{
    m_atStart = m_engine.isRunning() ? m_engine.metricsNow() : model::MetricsSnapshot();
    m_before = m_atStart;
    m_beforeMs = 0;
    m_earlier = m_atStart;
    m_earlierMs = 0;
    m_clientP50Ms = 0;
    m_runClock.start();
}

std::optional<BenchCharts::EnginePoint> BenchEngineWatch::sample(
    const QList<model::BenchSample> &samples, bool last)
{
    if (!samples.isEmpty())
        m_clientP50Ms = samples.constLast().p50Us / 1000.0;
    if (!m_engine.isRunning())
        return std::nullopt;
    const qint64 nowMs = m_runClock.elapsed();
    const bool isShort = nowMs - m_beforeMs < m_pollIntervalMs / 2;
    if (isShort && (!last || nowMs <= m_beforeMs))
        return std::nullopt;
    const model::MetricsSnapshot now = m_engine.metricsNow();
    if (now.requests < m_before.requests) {
        // The engine restarted under the run: start over from here.
        m_before = m_earlier = now;
        m_beforeMs = m_earlierMs = nowMs;
        return std::nullopt;
    }
    // A short last remainder is taken with the interval before it.
    const bool merged = isShort && m_earlierMs < m_beforeMs;
    const model::MetricsSnapshot &from = merged ? m_earlier : m_before;
    const qint64 fromMs = merged ? m_earlierMs : m_beforeMs;
    BenchCharts::EnginePoint point;
    point.seconds = nowMs / 1000.0;
    point.requestsPerSecond = double(now.requests - from.requests) * 1000.0 / double(nowMs - fromMs);
    const QList<quint64> service = model::MetricsSnapshot::serviceTimePercentiles(from, now, { 50, 99 });
    point.serviceP50Ms = service.at(0) / 1000.0;
    point.serviceP99Ms = service.at(1) / 1000.0;
    point.gapP50Ms = m_clientP50Ms - point.serviceP50Ms;
    const model::MetricsSnapshot::UpstreamShare share = model::MetricsSnapshot::upstreamShare(from, now);
    if (share.responses > 0)
        point.upstreamMs = share.upstreamMs();
    m_served = now.requests > from.requests;
    m_earlier = m_before;
    m_earlierMs = m_beforeMs;
    m_before = now;
    m_beforeMs = nowMs;
    return point;
}

std::optional<QPair<double, double>> BenchEngineWatch::wholeRun() const
{
    if (!m_engine.isRunning())
        return std::nullopt;
    const QList<quint64> service
        = model::MetricsSnapshot::serviceTimePercentiles(m_atStart, m_engine.metricsNow(), { 50, 99 });
    return QPair<double, double>(service.at(0) / 1000.0, service.at(1) / 1000.0);
}

std::optional<model::MetricsSnapshot::UpstreamShare> BenchEngineWatch::upstreamWholeRun() const
{
    if (!m_engine.isRunning())
        return std::nullopt;
    const auto share = model::MetricsSnapshot::upstreamShare(m_atStart, m_engine.metricsNow());
    if (share.responses == 0)
        return std::nullopt;
    return share;
}

} // namespace hostbench::ui
