#include "cli/BenchFlags.h"

#include "cli/CliParse.h"

#include "model/BenchInput.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <limits>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

std::optional<QString> BenchFlags::url(const QStringList &positional, QString *error)
{
    if (positional.size() != 1) {
        *error = positional.isEmpty() ? u"give the URL to load-test (see hostbench-cli bench --help)"_s
                                      : u"give one URL, not %1"_s.arg(positional.size());
        return std::nullopt;
    }
    const QString &text = positional.constFirst();
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s) || url.host().isEmpty()) {
        *error = u"bad URL \"%1\": expected http://host[:port]/path or https://"_s.arg(text);
        return std::nullopt;
    }
    return text;
}

std::optional<BenchFlags::Length> BenchFlags::length(
    const std::optional<QString> &requests, const std::optional<QString> &duration, QString *error)
{
    if (requests && duration) {
        *error = u"give -n or -t, not both"_s;
        return std::nullopt;
    }
    Length length;
    if (duration) {
        const std::optional<qint64> ms = CliParse::seconds(*duration, u"-t"_s, error);
        if (!ms)
            return std::nullopt;
        if (*ms == 0) {
            *error = u"-t must be more than 0 seconds"_s;
            return std::nullopt;
        }
        length.durationMs = *ms;
        length.requests = 0;
        return length;
    }
    // -n given with an empty value is an error, as any other bad number.
    const std::optional<qint64> n
        = CliParse::integer(requests.value_or(u"1"_s), u"-n"_s, 1, std::numeric_limits<qint64>::max(), error);
    if (!n)
        return std::nullopt;
    length.requests = *n;
    return length;
}

std::optional<BenchFlags::Connections> BenchFlags::connections(const std::optional<QString> &concurrency,
    const std::optional<QString> &threads, qint64 requests, QString *error)
{
    Connections connections;
    if (concurrency) {
        const std::optional<qint64> c = CliParse::integer(*concurrency, u"-c"_s, 1, 100'000, error);
        if (!c)
            return std::nullopt;
        connections.concurrency = int(*c);
    }
    if (requests > 0 && connections.concurrency > requests) {
        *error = u"-c %1 is more than the %2 requests of -n"_s.arg(connections.concurrency).arg(requests);
        return std::nullopt;
    }
    if (threads) {
        const std::optional<int> t = CliParse::threads(*threads, error);
        if (!t)
            return std::nullopt;
        connections.threads = *t;
    }
    return connections;
}

std::optional<QList<model::LoadStage>> BenchFlags::stages(
    const std::optional<QString> &text, double startRate, bool lengthGiven, QString *error)
{
    if (!text)
        return QList<model::LoadStage>();
    if (lengthGiven) {
        *error = u"--stages sets the run's length (the sum of the stages): give no -n or -t with it"_s;
        return std::nullopt;
    }
    std::optional<QList<model::LoadStage>> stages = model::LoadStages::parse(*text, startRate, error);
    if (!stages)
        *error = u"--stages "_s + *error;
    return stages;
}

std::optional<double> BenchFlags::rate(const std::optional<QString> &text, QString *error)
{
    if (!text)
        return 0.0;
    const std::optional<double> rate = model::BenchInput::rate(*text);
    if (!rate)
        *error = u"--rate must be a number of requests per second above 0 and at most 100000000, not \"%1\""_s
                     .arg(*text);
    return rate;
}

std::optional<qint64> BenchFlags::warmup(const std::optional<QString> &text, QString *error)
{
    return text ? CliParse::seconds(*text, u"--warmup"_s, error) : 0;
}

std::optional<int> BenchFlags::timeout(const std::optional<QString> &text, QString *error)
{
    if (!text)
        return kDefaultTimeoutMs;
    const std::optional<int> ms = model::BenchInput::timeout(*text);
    if (!ms) {
        *error = u"--timeout must be a time from 1 ms to 24 hours, in ms or with a unit (500, 500ms, 1.5s, "
                 u"2m), not \"%1\""_s.arg(*text);
    }
    return ms;
}

std::optional<QList<QPair<QByteArray, QByteArray>>> BenchFlags::headers(
    const QStringList &texts, QString *error)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    for (const QString &text : texts) {
        const std::optional<QPair<QByteArray, QByteArray>> header = CliParse::header(text, error);
        if (!header) {
            *error = u"-H: "_s + *error;
            return std::nullopt;
        }
        headers.append(*header);
    }
    return headers;
}

std::optional<BenchFlags::Request> BenchFlags::request(const std::optional<QString> &postFile,
    const std::optional<QString> &method, const std::optional<QString> &contentType, QString *error)
{
    Request request;
    if (postFile) {
        QFile file(*postFile);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = u"-p: cannot read \"%1\": %2"_s.arg(*postFile, file.errorString());
            return std::nullopt;
        }
        request.body = file.readAll();
        request.method = "POST";
        request.contentType = "text/plain";
    }
    if (method) {
        if (!model::BenchInput::isMethod(*method)) {
            *error = u"-m: bad method \"%1\""_s.arg(*method);
            return std::nullopt;
        }
        request.method = method->toLatin1();
    }
    if (contentType)
        request.contentType = contentType->toLatin1();
    return request;
}

std::optional<QString> BenchFlags::outputFile(const QString &flag, const QString &file, QString *error)
{
    if (!file.isEmpty() && !QFileInfo(QFileInfo(file).absolutePath()).isDir()) {
        *error = u"%1: the folder of \"%2\" does not exist"_s.arg(flag, file);
        return std::nullopt;
    }
    return file;
}

std::optional<QString> BenchFlags::k6File(const std::optional<QString> &file, QString *error)
{
    // Unlike --json's, an empty name is not "none": the flag means "do not run".
    if (file && file->isEmpty()) {
        *error = u"--export-k6: the folder of \"\" does not exist"_s;
        return std::nullopt;
    }
    return outputFile(u"--export-k6"_s, file.value_or(QString()), error);
}

std::optional<double> BenchFlags::k6P99Ms(const std::optional<QString> &text, QString *error)
{
    if (!text)
        return 1000.0;
    bool ok = false;
    const double ms = text->toDouble(&ok);
    if (!ok || !(ms > 0)) {
        *error = u"--k6-p99-ms must be a number of milliseconds above 0, not \"%1\""_s.arg(*text);
        return std::nullopt;
    }
    return ms;
}

std::optional<bool> BenchFlags::wrkFormat(const QString &text, QString *error)
{
    if (text != u"ab"_s && text != u"wrk"_s) {
        *error = u"--format must be ab or wrk, not \"%1\""_s.arg(text);
        return std::nullopt;
    }
    return text == u"wrk"_s;
}

} // namespace hostbench::cli
