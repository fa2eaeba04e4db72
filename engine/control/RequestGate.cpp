#include "control/RequestGate.h"

#include "control/ControlFormat.h"
#include "control/ControlToken.h"

#include <QJsonDocument>
#include <QList>

#include <algorithm>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

using Verdict = RequestGate::Verdict;

constexpr qsizetype kMaxChunkLineBytes = 1024;

Verdict refusal(int status, const QString &detail)
{
    return RequestGate::refusal(status, detail);
}

Verdict needMore(qint64 bodyLimit = -1, bool expectsContinue = false)
{
    Verdict verdict;
    verdict.bodyLimit = bodyLimit;
    verdict.expectsContinue = expectsContinue;
    return verdict;
}

Verdict pass(qsizetype requestBytes)
{
    Verdict verdict;
    verdict.kind = Verdict::Kind::Pass;
    verdict.requestBytes = requestBytes;
    return verdict;
}

bool isDigits(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// IPv4 only as four decimal parts, as SiteValidator: "127.1" is a name gone wrong.
bool parseIpv4(QByteArrayView text, QHostAddress *address)
{
    const QList<QByteArray> parts = text.toByteArray().split('.');
    if (parts.size() != 4)
        return false;
    for (const QByteArray &part : parts) {
        if (part.size() > 3 || !isDigits(part) || part.toInt() > 255)
            return false;
    }
    return address->setAddress(QString::fromLatin1(text));
}

bool sameAddress(const QHostAddress &address, const QHostAddress &other)
{
    return !other.isNull() && address.isEqual(other, QHostAddress::TolerantConversion);
}

// One line of `data` from `at`: its end (after the LF) in *next, without CR LF; false when no LF yet.
bool lineAt(const QByteArray &data, qsizetype at, QByteArrayView *line, qsizetype *next)
{
    const qsizetype lf = data.indexOf('\n', at);
    if (lf < 0)
        return false;
    qsizetype end = lf;
    if (end > at && data.at(end - 1) == '\r')
        --end;
    *line = QByteArrayView(data.constData() + at, end - at);
    *next = lf + 1;
    return true;
}

QString latin1(QByteArrayView text)
{
    return QString::fromLatin1(text.first(std::min<qsizetype>(text.size(), 200)));
}

struct Head
{
    QByteArrayView method;
    QByteArrayView path; // the target without its query
    QList<QByteArrayView> hosts;
    QList<QByteArrayView> authorizations;
    QList<QByteArrayView> contentLengths;
    QList<QByteArrayView> transferEncodings;
    QByteArrayView expect;
    qsizetype end = 0; // after the empty line
};

// The head's lines, up to the empty line that ends it (head->end is after
// it): false with *verdict when it is incomplete, too long or empty.
bool readHeadLines(const QByteArray &data, QList<QByteArrayView> *lines, Head *head, Verdict *verdict)
{
    qsizetype at = 0;
    // RFC 9112 section 2.2: empty lines before the request line are ignored.
    while (at < data.size() && at < 4 && (data.at(at) == '\r' || data.at(at) == '\n'))
        ++at;
    const qsizetype start = at;
    for (;;) {
        QByteArrayView line;
        qsizetype next = 0;
        if (!lineAt(data, at, &line, &next)) {
            if (data.size() - start > RequestGate::kMaxHeadBytes) {
                *verdict
                    = refusal(431, u"The request's head is over %1 bytes"_s.arg(RequestGate::kMaxHeadBytes));
            } else {
                *verdict = needMore();
            }
            return false;
        }
        if (next - start > RequestGate::kMaxHeadBytes) {
            *verdict = refusal(431, u"The request's head is over %1 bytes"_s.arg(RequestGate::kMaxHeadBytes));
            return false;
        }
        at = next;
        if (line.isEmpty())
            break;
        lines->append(line);
    }
    head->end = at;
    if (lines->isEmpty()) {
        *verdict = refusal(400, u"The request has no request line"_s);
        return false;
    }
    return true;
}

// RFC 9112 section 3: METHOD TARGET HTTP/1.1 (or 1.0), into the method and the path.
bool parseRequestLine(QByteArrayView line, Head *head, Verdict *verdict)
{
    const QList<QByteArray> requestLine = line.toByteArray().split(' ');
    if (requestLine.size() != 3 || requestLine.at(0).isEmpty() || requestLine.at(1).isEmpty()) {
        *verdict = refusal(400, u"The request line \"%1\" is not METHOD TARGET HTTP/1.1"_s.arg(latin1(line)));
        return false;
    }
    const QByteArrayView version = line.sliced(line.lastIndexOf(' ') + 1);
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        *verdict = version.startsWith("HTTP/")
            ? refusal(505, u"This API speaks HTTP/1.1, not %1"_s.arg(latin1(version)))
            : refusal(400, u"The request line \"%1\" is not METHOD TARGET HTTP/1.1"_s.arg(latin1(line)));
        return false;
    }
    const qsizetype firstSpace = line.indexOf(' ');
    head->method = line.first(firstSpace);
    QByteArrayView target = line.sliced(firstSpace + 1, requestLine.at(1).size());
    const qsizetype query = target.indexOf('?');
    head->path = query < 0 ? target : target.first(query);
    return true;
}

// RFC 9112 section 5: NAME: VALUE lines, keeping those the gate decides on.
bool parseFields(const QList<QByteArrayView> &lines, Head *head, Verdict *verdict)
{
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArrayView line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        // RFC 9112 section 5.1 and 5.2: no blank before the colon, no obsolete line folding.
        if (line.startsWith(' ') || line.startsWith('\t') || colon <= 0 || line.first(colon).contains(' ')
            || line.first(colon).contains('\t')) {
            *verdict = refusal(400, u"The header line \"%1\" is not NAME: VALUE"_s.arg(latin1(line)));
            return false;
        }
        const QByteArray name = line.first(colon).toByteArray().toLower();
        const QByteArrayView value = line.sliced(colon + 1).trimmed();
        if (name == "host")
            head->hosts.append(value);
        else if (name == "authorization")
            head->authorizations.append(value);
        else if (name == "content-length")
            head->contentLengths.append(value);
        else if (name == "transfer-encoding")
            head->transferEncodings.append(value);
        else if (name == "expect")
            head->expect = value;
    }
    return true;
}

// Parses the head of `data`: false with *verdict when it is incomplete or refused.
bool parseHead(const QByteArray &data, Head *head, Verdict *verdict)
{
    QList<QByteArrayView> lines;
    return readHeadLines(data, &lines, head, verdict) && parseRequestLine(lines.constFirst(), head, verdict)
        && parseFields(lines, head, verdict);
}

// The chunked body from `at` (RFC 9112 section 7.1): Pass with its end, or why not.
Verdict checkChunked(const QByteArray &data, qsizetype at, qint64 limit, bool expectsContinue)
{
    qint64 total = 0;
    for (;;) {
        QByteArrayView line;
        qsizetype next = 0;
        if (!lineAt(data, at, &line, &next)) {
            if (data.size() - at > kMaxChunkLineBytes)
                return refusal(400, u"A chunk's size line is over %1 bytes"_s.arg(kMaxChunkLineBytes));
            return needMore(limit, expectsContinue);
        }
        if (line.size() > kMaxChunkLineBytes)
            return refusal(400, u"A chunk's size line is over %1 bytes"_s.arg(kMaxChunkLineBytes));
        const qsizetype extension = line.indexOf(';');
        const QByteArrayView sizeText = (extension < 0 ? line : line.first(extension)).trimmed();
        bool ok = sizeText.size() <= 15;
        const qint64 size = ok ? sizeText.toByteArray().toLongLong(&ok, 16) : 0;
        if (!ok || size < 0 || sizeText.startsWith('+') || sizeText.startsWith('-'))
            return refusal(400, u"The chunk size \"%1\" is not a hexadecimal number"_s.arg(latin1(sizeText)));
        at = next;
        if (size == 0) {
            // The trailer section, then the empty line.
            for (;;) {
                if (!lineAt(data, at, &line, &next)) {
                    if (data.size() - at > RequestGate::kMaxHeadBytes)
                        return refusal(
                            431, u"The trailer section is over %1 bytes"_s.arg(RequestGate::kMaxHeadBytes));
                    return needMore(limit, expectsContinue);
                }
                at = next;
                if (line.isEmpty())
                    return pass(at);
            }
        }
        total += size;
        if (total > limit) {
            return refusal(413,
                limit == 0 ? u"This request takes no body"_s
                           : u"The chunked body has over %1 bytes; at most %1 are taken"_s.arg(limit));
        }
        if (data.size() - at < size + 1)
            return needMore(limit, expectsContinue);
        at += size;
        if (data.at(at) == '\r') {
            if (data.size() - at < 2)
                return needMore(limit, expectsContinue);
            ++at;
        }
        if (data.at(at) != '\n')
            return refusal(400, u"A chunk does not end where its size says"_s);
        ++at;
    }
}

} // namespace

Verdict RequestGate::refusal(int status, const QString &detail)
{
    Verdict verdict;
    verdict.kind = Verdict::Kind::Refuse;
    verdict.status = status;
    verdict.detail = detail;
    return verdict;
}

Verdict RequestGate::unauthorized(bool tried)
{
    static const QByteArray realm = "Bearer realm=\"hostbench\""_ba;
    Verdict verdict = refusal(401,
        tried ? u"The bearer token is not this instance's (see control.token in its data folder)"_s
              : u"This route needs \"Authorization: Bearer TOKEN\", the token being the content of "
                "control.token in the data folder"_s);
    verdict.wwwAuthenticate = tried ? QByteArray(realm + ", error=\"invalid_token\""_ba) : realm;
    return verdict;
}

bool RequestGate::hostAllowed(
    QByteArrayView host, const QHostAddress &listenAddress, const QHostAddress &localAddress)
{
    const QByteArray value = host.trimmed().toByteArray().toLower();
    QByteArrayView view(value);
    QByteArrayView name;
    QByteArrayView rest;
    const bool bracketed = view.startsWith('[');
    if (bracketed) {
        const qsizetype close = view.indexOf(']');
        if (close < 0)
            return false;
        name = view.sliced(1, close - 1);
        rest = view.sliced(close + 1);
    } else {
        const qsizetype colon = view.indexOf(':');
        name = colon < 0 ? view : view.first(colon);
        rest = colon < 0 ? QByteArrayView() : view.sliced(colon);
    }
    if (!rest.isEmpty()) {
        const QByteArrayView port = rest.sliced(1);
        if (!rest.startsWith(':') || !isDigits(port) || port.size() > 5 || port.toByteArray().toInt() > 65535)
            return false;
    }
    if (name.isEmpty())
        return false;
    if (!bracketed && name == "localhost")
        return true;
    QHostAddress address;
    if (bracketed) {
        if (!address.setAddress(QString::fromLatin1(name))
            || address.protocol() != QAbstractSocket::IPv6Protocol)
            return false;
    } else if (!parseIpv4(name, &address)) {
        return false; // any other name: whoever controls its DNS could point it here
    }
    return address.isLoopback() || sameAddress(address, listenAddress) || sameAddress(address, localAddress);
}

Verdict RequestGate::check(QByteArrayView received, const Policy &policy)
{
    const QByteArray data = QByteArray::fromRawData(received.data(), received.size());
    Head head;
    Verdict verdict;
    if (!parseHead(data, &head, &verdict))
        return verdict;

    // Host first: a page on a rebound name learns nothing else.
    if (head.hosts.isEmpty())
        return refusal(400, u"The request has no Host field (RFC 9112 section 3.2)"_s);
    if (head.hosts.size() > 1)
        return refusal(400, u"The request has %1 Host fields; it may have one"_s.arg(head.hosts.size()));
    if (!hostAllowed(head.hosts.constFirst(), policy.listenAddress, policy.localAddress)) {
        const QString ours = policy.listenAddress.isLoopback() || policy.listenAddress.isNull()
            ? u"localhost or a loopback address"_s
            : u"localhost, a loopback address or %1"_s.arg(policy.listenAddress.toString());
        return refusal(421,
            u"This API answers requests for %1 only, not for Host \"%2\" (a page whose own name was made to "
            "point here must not reach it)"_s.arg(ours, latin1(head.hosts.constFirst())));
    }

    if (head.authorizations.size() > 1)
        return refusal(400,
            u"The request has %1 Authorization fields; it may have one"_s.arg(head.authorizations.size()));
    const QByteArrayView authorization
        = head.authorizations.isEmpty() ? QByteArrayView() : head.authorizations.constFirst();
    const QByteArray presented = ControlToken::fromAuthorization(authorization);
    const bool authorized = !presented.isEmpty() && ControlToken::matches(presented, policy.token);
    const bool open = head.path == "/metrics" && !policy.tokenForMetrics;
    if (!authorized && !open)
        return unauthorized(!authorization.isEmpty());
    const qint64 limit = authorized ? policy.maxBodyBytes : 0;
    const bool expectsContinue = head.expect.toByteArray().toLower() == "100-continue";

    if (!head.transferEncodings.isEmpty()) {
        if (!head.contentLengths.isEmpty())
            return refusal(400, u"The request has both Content-Length and Transfer-Encoding"_s);
        QByteArray codings;
        for (const QByteArrayView value : std::as_const(head.transferEncodings))
            codings += (codings.isEmpty() ? QByteArray() : ", "_ba) + value.toByteArray().toLower();
        if (codings != "chunked")
            return refusal(
                501, u"The transfer coding \"%1\" is not taken; only chunked is"_s.arg(latin1(codings)));
        return checkChunked(data, head.end, limit, expectsContinue);
    }

    qint64 length = -1;
    for (const QByteArrayView field : std::as_const(head.contentLengths)) {
        for (const QByteArray &part : field.toByteArray().split(',')) {
            const QByteArray digits = part.trimmed();
            bool ok = isDigits(digits) && digits.size() <= 18;
            const qint64 value = ok ? digits.toLongLong(&ok) : -1;
            if (!ok || (length >= 0 && value != length))
                return refusal(400, u"The Content-Length \"%1\" is not one number"_s.arg(latin1(field)));
            length = value;
        }
    }
    if (length < 0)
        return pass(head.end);
    if (length > limit) {
        return refusal(413,
            limit == 0 ? u"This request takes no body (Content-Length %1)"_s.arg(length)
                       : u"The body has %1 bytes; at most %2 are taken"_s.arg(length).arg(limit));
    }
    if (received.size() - head.end < length)
        return needMore(limit, expectsContinue);
    return pass(head.end + qsizetype(length));
}

QByteArray RequestGate::response(const Verdict &refusal)
{
    const QByteArray body = QJsonDocument(ControlFormat::problem(refusal.status, refusal.detail))
                                .toJson(QJsonDocument::Compact);
    QByteArray response = "HTTP/1.1 "_ba + QByteArray::number(refusal.status) + ' '
        + ControlFormat::reasonPhrase(refusal.status).toLatin1() + "\r\nContent-Type: "_ba
        + ControlFormat::kProblemContentType + "\r\nContent-Length: "_ba + QByteArray::number(body.size())
        + "\r\n"_ba;
    if (!refusal.wwwAuthenticate.isEmpty())
        response += "WWW-Authenticate: "_ba + refusal.wwwAuthenticate + "\r\n"_ba;
    response += "Connection: close\r\n\r\n"_ba + body;
    return response;
}

} // namespace hostbench::control
