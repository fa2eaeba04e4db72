#include "BenchTarget.h"

#include "model/LoadGeneratorAgent.h"

#include <QUrl>

namespace hostbench::bench {

namespace {

bool sameName(const QByteArray &a, const char *b)
{
    return a.compare(QByteArray(b), Qt::CaseInsensitive) == 0;
}

bool hasHeader(const model::BenchParameters &parameters, const char *name)
{
    for (const auto &header : parameters.headers) {
        if (sameName(header.first.trimmed(), name))
            return true;
    }
    return false;
}

void appendLine(std::string &out, const QByteArray &name, const QByteArray &value)
{
    out.append(name.constData(), size_t(name.size()));
    out.append(": ");
    out.append(value.constData(), size_t(value.size()));
    out.append("\r\n");
}

bool isToken(const QByteArray &text)
{
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        // RFC 9110 §5.6.2 tchar
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || QByteArray("!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}

// RFC 9113 §8.2.2: fields an HTTP/2 message must not carry (TE is allowed as "trailers" only).
bool isConnectionSpecific(const QByteArray &name)
{
    for (const char *field :
        { "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade" }) {
        if (sameName(name, field))
            return true;
    }
    return false;
}

std::string lowerString(const QByteArray &text)
{
    const QByteArray lower = text.toLower();
    return std::string(lower.constData(), size_t(lower.size()));
}

std::string toString(const QByteArray &text)
{
    return std::string(text.constData(), size_t(text.size()));
}

bool hasLineBreak(const QByteArray &text)
{
    return text.contains('\r') || text.contains('\n');
}

} // namespace

QString BenchTarget::lookupName(const QString &host)
{
    QString name = host.toLower();
    if (name.endsWith(u'.'))
        name.chop(1);
    if (name == u"localhost" || name.endsWith(u".localhost"))
        return QStringLiteral("127.0.0.1");
    return host;
}

std::optional<BenchTarget> BenchTarget::fromParameters(
    const model::BenchParameters &parameters, QString *error)
{
    auto fail = [error](const QString &reason) {
        if (error)
            *error = reason;
        return std::nullopt;
    };

    const QUrl url(parameters.url, QUrl::StrictMode);
    if (parameters.url.trimmed().isEmpty())
        return fail(QStringLiteral("no URL given"));
    if (!url.isValid())
        return fail(QStringLiteral("invalid URL \"%1\": %2").arg(parameters.url, url.errorString()));
    const QString scheme = url.scheme().toLower();
    if (scheme != u"http" && scheme != u"https")
        return fail(QStringLiteral("not an http:// or https:// URL: %1").arg(parameters.url));
    if (url.host().isEmpty())
        return fail(QStringLiteral("no host in URL: %1").arg(parameters.url));
    if (!isToken(parameters.method))
        return fail(QStringLiteral("invalid method \"%1\"").arg(QString::fromLatin1(parameters.method)));
    for (const auto &header : parameters.headers) {
        if (!isToken(header.first.trimmed()) || hasLineBreak(header.second))
            return fail(QStringLiteral("invalid header \"%1\"").arg(QString::fromLatin1(header.first)));
    }
    if (hasLineBreak(parameters.contentType) || parameters.hostOverride.contains(u'\r')
        || parameters.hostOverride.contains(u'\n'))
        return fail(QStringLiteral("invalid Content-Type or Host override"));

    BenchTarget target;
    target.m_host = url.host();
    target.m_https = scheme == u"https";
    const int defaultPort = target.m_https ? 443 : 80;
    target.m_port = quint16(url.port(defaultPort));
    QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
    if (path.isEmpty())
        path = "/";
    if (url.hasQuery())
        path += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    target.m_path = QString::fromLatin1(path);
    target.m_isHead = sameName(parameters.method, "HEAD");

    QByteArray hostHeader = parameters.hostOverride.toUtf8();
    if (hostHeader.isEmpty()) {
        hostHeader = url.host(QUrl::FullyEncoded).toLatin1();
        if (hostHeader.contains(':'))
            hostHeader = '[' + hostHeader + ']';
        if (target.m_port != defaultPort)
            hostHeader += ':' + QByteArray::number(target.m_port);
    }

    std::string &out = target.m_request;
    out.append(parameters.method.constData(), size_t(parameters.method.size()));
    out.push_back(' ');
    out.append(path.constData(), size_t(path.size()));
    out.append(" HTTP/1.1\r\n");
    if (!hasHeader(parameters, "Host"))
        appendLine(out, "Host", hostHeader);
    if (!hasHeader(parameters, "User-Agent"))
        appendLine(out, "User-Agent",
            QByteArray(
                model::kLoadGeneratorAgentPrefix.data(), qsizetype(model::kLoadGeneratorAgentPrefix.size()))
                + HOSTBENCH_VERSION);
    if (!hasHeader(parameters, "Accept"))
        appendLine(out, "Accept", "*/*");
    if (!parameters.keepAlive && !hasHeader(parameters, "Connection"))
        appendLine(out, "Connection", "close");
    for (const auto &header : parameters.headers)
        appendLine(out, header.first.trimmed(), header.second.trimmed());
    if (!parameters.contentType.isEmpty() && !hasHeader(parameters, "Content-Type"))
        appendLine(out, "Content-Type", parameters.contentType);
    if ((!parameters.body.isEmpty() || (!sameName(parameters.method, "GET") && !target.m_isHead))
        && !hasHeader(parameters, "Content-Length"))
        appendLine(out, "Content-Length", QByteArray::number(parameters.body.size()));
    out.append("\r\n");
    out.append(parameters.body.constData(), size_t(parameters.body.size()));

    // The same request for HTTP/2: the Host field's value becomes :authority.
    QByteArray authority = hostHeader;
    for (const auto &header : parameters.headers) {
        if (sameName(header.first.trimmed(), "Host"))
            authority = header.second.trimmed();
    }
    auto &fields = target.m_http2Fields;
    fields.emplace_back(":method", toString(parameters.method));
    fields.emplace_back(":scheme", target.m_https ? "https" : "http");
    fields.emplace_back(":authority", toString(authority));
    fields.emplace_back(":path", toString(path));
    if (!hasHeader(parameters, "User-Agent"))
        fields.emplace_back("user-agent", std::string(model::kLoadGeneratorAgentPrefix) + HOSTBENCH_VERSION);
    if (!hasHeader(parameters, "Accept"))
        fields.emplace_back("accept", "*/*");
    for (const auto &header : parameters.headers) {
        const QByteArray name = header.first.trimmed();
        if (sameName(name, "Host") || isConnectionSpecific(name))
            continue;
        fields.emplace_back(lowerString(name), toString(header.second.trimmed()));
    }
    if (!parameters.contentType.isEmpty() && !hasHeader(parameters, "Content-Type"))
        fields.emplace_back("content-type", toString(parameters.contentType));
    if ((!parameters.body.isEmpty() || (!sameName(parameters.method, "GET") && !target.m_isHead))
        && !hasHeader(parameters, "Content-Length"))
        fields.emplace_back("content-length", std::to_string(parameters.body.size()));
    target.m_body = toString(parameters.body);
    return target;
}

} // namespace hostbench::bench
