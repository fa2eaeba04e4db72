#include "http/ProxyHead.h"

#include "http/FieldText.h"

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

bool namedByConnection(std::string_view name, const std::vector<ProxyHead::Field> &fields)
{
    std::string lower(name);
    for (char &c : lower)
        c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    for (const ProxyHead::Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "connection") && listHas(field.value, lower))
            return true;
    }
    return false;
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
    for (const std::string_view hop :
        { "connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade" }) {
        if (FieldText::equalsNoCase(name, hop))
            return true;
    }
    return startsWithNoCase(name, "proxy-") || namedByConnection(name, fields);
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
    for (const Field &field : fields) {
        if (!isHopByHop(field.name, fields) && !isForwarding(field.name))
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

void ProxyHead::appendEndToEnd(const std::vector<Field> &fields, bool upgrade, std::string &out)
{
    for (const Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "content-length"))
            continue;
        if (upgrade && FieldText::equalsNoCase(field.name, "upgrade")) {
            appendField(out, field.name, field.value);
            continue;
        }
        if (!isHopByHop(field.name, fields))
            appendField(out, field.name, field.value);
    }
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
