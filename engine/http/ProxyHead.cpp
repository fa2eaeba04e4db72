#include "http/ProxyHead.h"

#include "http/FieldText.h"

#include <array>

namespace hostbench::http {

namespace {

bool startsWithNoCase(std::string_view s, std::string_view lowerPrefix)
{
    return s.size() >= lowerPrefix.size()
        && FieldText::equalsNoCase(s.substr(0, lowerPrefix.size()), lowerPrefix);
}

// Whether the comma-separated list `value` holds `lowerToken` (any case).
bool listHas(std::string_view value, std::string_view lowerToken)
{
    while (!value.empty()) {
        const std::size_t comma = value.find(',');
        if (FieldText::equalsNoCase(FieldText::trimmed(value.substr(0, comma)), lowerToken))
            return true;
        if (comma == std::string_view::npos)
            break;
        value.remove_prefix(comma + 1);
    }
    return false;
}

// Whether `a` equals `b` ignoring ASCII case (neither need be lower case).
bool equalsEitherCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        char y = b[i];
        x = (x >= 'A' && x <= 'Z') ? char(x - 'A' + 'a') : x;
        y = (y >= 'A' && y <= 'Z') ? char(y - 'A' + 'a') : y;
        if (x != y)
            return false;
    }
    return true;
}

// The values of a head's Connection fields (RFC 9110 §7.6.1), gathered once
// per head rather than once per field; more than kMax fields: all searched.
struct ConnectionOptions
{
    static constexpr std::size_t kMax = 4;
    std::array<std::string_view, kMax> values {};
    std::size_t count = 0;
    const std::vector<ProxyHead::Field> *many = nullptr;

    explicit ConnectionOptions(const std::vector<ProxyHead::Field> &fields)
    {
        for (const ProxyHead::Field &field : fields) {
            if (!FieldText::equalsNoCase(field.name, "connection"))
                continue;
            if (count == kMax) {
                many = &fields;
                return;
            }
            values[count++] = field.value;
        }
    }

    // Whether one of them names `name` (any case on either side).
    bool name(std::string_view name) const
    {
        if (many) {
            for (const ProxyHead::Field &field : *many) {
                if (FieldText::equalsNoCase(field.name, "connection") && listNames(field.value, name))
                    return true;
            }
            return false;
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (listNames(values[i], name))
                return true;
        }
        return false;
    }

    static bool listNames(std::string_view value, std::string_view name)
    {
        while (!value.empty()) {
            const std::size_t comma = value.find(',');
            if (equalsEitherCase(FieldText::trimmed(value.substr(0, comma)), name))
                return true;
            if (comma == std::string_view::npos)
                break;
            value.remove_prefix(comma + 1);
        }
        return false;
    }
};

// The fields that are hop-by-hop whatever Connection says, picked by length first.
bool alwaysHopByHop(std::string_view name)
{
    switch (name.size()) {
    case 2:
        return FieldText::equalsNoCase(name, "te");
    case 7:
        return FieldText::equalsNoCase(name, "trailer") || FieldText::equalsNoCase(name, "upgrade");
    case 10:
        return FieldText::equalsNoCase(name, "connection") || FieldText::equalsNoCase(name, "keep-alive");
    case 17:
        return FieldText::equalsNoCase(name, "transfer-encoding");
    default:
        return false;
    }
}

bool hopByHop(std::string_view name, const ConnectionOptions &connection)
{
    return alwaysHopByHop(name) || startsWithNoCase(name, "proxy-") || connection.name(name);
}

// The response fields ProxyHead::Origin hides (nginx's proxy_hide_header and fastcgi_hide_header defaults).
bool hiddenFrom(std::string_view name, ProxyHead::Origin origin)
{
    if (startsWithNoCase(name, "x-accel-"))
        return true;
    if (origin != ProxyHead::Origin::Proxy)
        return false;
    switch (name.size()) {
    case 4:
        return FieldText::equalsNoCase(name, "date");
    case 5:
        return FieldText::equalsNoCase(name, "x-pad");
    case 6:
        return FieldText::equalsNoCase(name, "server");
    default:
        return false;
    }
}

// Fields of the client that the proxy sets itself.
bool isForwarding(std::string_view name)
{
    return startsWithNoCase(name, "x-forwarded-") || FieldText::equalsNoCase(name, "forwarded")
        || FieldText::equalsNoCase(name, "expect") || FieldText::equalsNoCase(name, "content-length");
}

void appendField(std::string &out, std::string_view name, std::string_view value)
{
    out.append(name).append(": ").append(value).append("\r\n");
}

} // namespace

std::vector<ProxyHead::Field> ProxyHead::split(std::string_view lines)
{
    std::vector<Field> fields;
    fields.reserve(16); // one allocation for a usual head (a browser's sends about 12 fields)
    while (!lines.empty()) {
        const std::size_t end = lines.find("\r\n");
        const std::string_view line = lines.substr(0, end);
        const std::size_t colon = line.find(':');
        if (colon != std::string_view::npos)
            fields.push_back({ line.substr(0, colon), FieldText::trimmed(line.substr(colon + 1)) });
        if (end == std::string_view::npos)
            break;
        lines.remove_prefix(end + 2);
    }
    return fields;
}

bool ProxyHead::isHopByHop(std::string_view name, const std::vector<Field> &fields)
{
    return hopByHop(name, ConnectionOptions(fields));
}

std::string_view ProxyHead::upgradeOf(const std::vector<Field> &fields)
{
    bool asked = false;
    std::string_view protocol;
    for (const Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "connection") && listHas(field.value, "upgrade"))
            asked = true;
        else if (FieldText::equalsNoCase(field.name, "upgrade"))
            protocol = field.value;
    }
    return asked ? protocol : std::string_view();
}

void ProxyHead::writeRequest(const RequestParts &parts, std::string &out)
{
    const std::vector<Field> fields = split(parts.fields);
    const std::string_view upgrade = upgradeOf(fields);
    out.append(parts.method).append(" ").append(parts.target).append(" HTTP/1.1\r\n");
    appendField(out, "Host", parts.host);
    const ConnectionOptions connection(fields);
    for (const Field &field : fields) {
        if (!hopByHop(field.name, connection) && !isForwarding(field.name))
            appendField(out, field.name, field.value);
    }
    if (!upgrade.empty()) {
        appendField(out, "Connection", "upgrade");
        appendField(out, "Upgrade", upgrade);
    }
    appendField(out, "X-Forwarded-For", parts.clientAddress);
    appendField(out, "X-Forwarded-Proto", parts.https ? "https" : "http");
    if (!parts.clientHost.empty())
        appendField(out, "X-Forwarded-Host", parts.clientHost);
    // RFC 7239 §6: an IPv6 address is quoted and bracketed; a host with a port is quoted.
    const bool v6 = parts.clientAddress.find(':') != std::string_view::npos;
    out.append("Forwarded: for=");
    if (v6)
        out.append("\"[").append(parts.clientAddress).append("]\"");
    else
        out.append(parts.clientAddress);
    if (!parts.clientHost.empty() && parts.clientHost.find('"') == std::string_view::npos)
        out.append(";host=\"").append(parts.clientHost).append("\"");
    out.append(parts.https ? ";proto=https\r\n" : ";proto=http\r\n");
    if (parts.withBody) {
        out.append("Content-Length: ");
        FieldText::appendNumber(out, parts.bodyLength);
        out.append("\r\n");
    } else if (parts.chunked) {
        out.append("Transfer-Encoding: chunked\r\n");
    }
    out.append("\r\n");
}

void ProxyHead::appendEndToEnd(
    const std::vector<Field> &fields, bool upgrade, Origin origin, std::string &out)
{
    const ConnectionOptions connection(fields);
    for (const Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "content-length") || hiddenFrom(field.name, origin))
            continue;
        if (upgrade && FieldText::equalsNoCase(field.name, "upgrade")) {
            appendField(out, field.name, field.value);
            continue;
        }
        if (!hopByHop(field.name, connection))
            appendField(out, field.name, field.value);
    }
}

void ProxyHead::appendServerAndDate(
    const std::vector<Field> &fields, std::string_view server, std::string_view date, std::string &out)
{
    bool hasServer = false;
    bool hasDate = false;
    for (const Field &field : fields) {
        hasServer = hasServer || FieldText::equalsNoCase(field.name, "server");
        hasDate = hasDate || FieldText::equalsNoCase(field.name, "date");
    }
    if (!hasServer)
        appendField(out, "Server", server);
    if (!hasDate)
        appendField(out, "Date", date);
}

void ProxyHead::appendHsts(const std::vector<Field> &fields, std::string_view hstsField, std::string &out)
{
    if (hstsField.empty())
        return;
    for (const Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "strict-transport-security"))
            return;
    }
    out.append(hstsField);
}

} // namespace hostbench::http
