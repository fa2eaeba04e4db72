#include "CsvReport.h"

using namespace Qt::StringLiterals;

namespace hostbench::bench {

QString CsvReport::header()
{
    return u"index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,"
           u"p50_us,p90_us,p99_us,max_us,open_connections\n"_s;
}

QString CsvReport::line(const model::BenchSample &s)
{
    return u"%1,%2,%3,%4,%5,%6,%7,"_s.arg(s.index)
               .arg(s.elapsedMs)
               .arg(s.intervalMs)
               .arg(s.completed)
               .arg(s.failed)
               .arg(s.bytes)
               .arg(QString::number(s.requestsPerSecond(), 'f', 1))
        + u"%1,%2,%3,%4,%5\n"_s.arg(s.p50Us).arg(s.p90Us).arg(s.p99Us).arg(s.maxUs).arg(s.openConnections);
}

QString CsvReport::format(const QList<model::BenchSample> &samples)
{
    QString out = header();
    for (const model::BenchSample &s : samples)
        out += line(s);
    return out;
}

QString CsvReport::formatRuns(const QList<std::pair<qint64, QList<model::BenchSample>>> &runs)
{
    QString out = u"run_id,"_s + header();
    for (const auto &[runId, samples] : runs) {
        const QString id = QString::number(runId) + u',';
        for (const model::BenchSample &s : samples)
            out += id + line(s);
    }
    return out;
}

QString CsvReport::abPercentiles(const model::LatencyHistogram &histogram)
{
    QString out = u"Percentage served,Time in ms\n"_s;
    for (int percent = 0; percent <= 100; ++percent) {
        const quint64 us = percent == 0 ? histogram.minUs()
            : percent == 100            ? histogram.maxUs()
                                        : histogram.valueAtPercentile(percent);
        out += QString::number(percent) + u',' + QString::number(double(us) / 1000.0, 'f', 3) + u'\n';
    }
    return out;
}

} // namespace hostbench::bench
