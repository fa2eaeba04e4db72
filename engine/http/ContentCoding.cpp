#include "ContentCoding.h"

#include "http/FieldText.h"

namespace hostbench::http {

namespace {

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) (RFC 9110 §12.4.2), in thousandths.
int parseQValue(std::string_view v)
{
    if (v.empty() || (v[0] != '0' && v[0] != '1'))
        return -1;
    int value = v[0] == '1' ? 1000 : 0;
    if (v.size() == 1)
        return value;
    if (v[1] != '.' || v.size() > 5)
        return -1;
    int scale = 100;
    for (std::size_t i = 2; i < v.size(); ++i, scale /= 10) {
        if (v[i] < '0' || v[i] > '9')
            return -1;
        value += (v[i] - '0') * scale;
    }
    return value > 1000 ? -1 : value;
}

} // namespace

ContentCoding::Weights ContentCoding::parse(std::string_view field)
{
    Weights weights;
    while (!field.empty()) {
        const std::size_t comma = field.find(',');
        std::string_view element = field.substr(0, comma);
        field = comma == std::string_view::npos ? std::string_view() : field.substr(comma + 1);
        int q = 1000;
        const std::size_t semicolon = element.find(';');
        const std::string_view coding = FieldText::trimmed(element.substr(0, semicolon));
        if (coding.empty())
            continue;
        if (semicolon != std::string_view::npos) {
            std::string_view parameter = FieldText::trimmed(element.substr(semicolon + 1));
            if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q'))
                continue;
            parameter = FieldText::trimmed(parameter.substr(1));
            if (parameter.empty() || parameter[0] != '=')
                continue;
            q = parseQValue(FieldText::trimmed(parameter.substr(1)));
            if (q < 0)
                continue;
        }
        if (FieldText::equalsNoCase(coding, "identity"))
            weights.identity = q;
        else if (FieldText::equalsNoCase(coding, "gzip") || FieldText::equalsNoCase(coding, "x-gzip"))
            weights.gzip = q;
        else if (FieldText::equalsNoCase(coding, "br"))
            weights.brotli = q;
        else if (coding == "*")
            weights.any = q;
    }
    return weights;
}

int ContentCoding::weight(const Weights &weights, Coding coding)
{
    switch (coding) {
    case Coding::Brotli:
        return weights.brotli >= 0 ? weights.brotli : (weights.any >= 0 ? weights.any : 0);
    case Coding::Gzip:
        return weights.gzip >= 0 ? weights.gzip : (weights.any >= 0 ? weights.any : 0);
    case Coding::Identity:
        // Identity is acceptable unless excluded by name or by "*;q=0" (RFC 9110 §12.5.3).
        if (weights.identity >= 0)
            return weights.identity;
        return weights.any == 0 ? 0 : 1;
    }
    return 0;
}

ContentCoding::Coding ContentCoding::choose(std::string_view acceptEncoding, bool haveBrotli, bool haveGzip)
{
    if (acceptEncoding.empty() || (!haveBrotli && !haveGzip))
        return Coding::Identity;
    const Weights weights = parse(acceptEncoding);
    const int brotli = haveBrotli ? weight(weights, Coding::Brotli) : 0;
    const int gzip = haveGzip ? weight(weights, Coding::Gzip) : 0;
    const int identity = weight(weights, Coding::Identity);
    if (brotli > 0 && brotli >= gzip && brotli >= identity)
        return Coding::Brotli;
    if (gzip > 0 && gzip >= identity)
        return Coding::Gzip;
    return Coding::Identity;
}

std::string_view ContentCoding::name(Coding coding)
{
    switch (coding) {
    case Coding::Brotli:
        return "br";
    case Coding::Gzip:
        return "gzip";
    case Coding::Identity:
        break;
    }
    return {};
}

std::string_view ContentCoding::suffix(Coding coding)
{
    switch (coding) {
    case Coding::Brotli:
        return ".br";
    case Coding::Gzip:
        return ".gz";
    case Coding::Identity:
        break;
    }
    return {};
}

} // namespace hostbench::http
