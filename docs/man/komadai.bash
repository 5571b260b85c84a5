# bash completion for komadai and its commands (installed as
# PREFIX/share/bash-completion/completions/komadai, and linked for each komadai-NAME)
_komadai() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    case ${COMP_WORDS[0]##*/} in
    komadai)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "-e -i -l -v --version -h --help --usi --drill --due --csa-server --serve
                --config --data --db --root --watch --drills --public --max-moves --least-time-per-move --records" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -X '!*.lua' -- "$cur") $(compgen -d -- "$cur"))
        fi ;;
    komadai-tsume) COMPREPLY=($(compgen -W "solve check show --type --json --time --nodes --tt-mb --futile" -- "$cur") $(compgen -f -- "$cur")) ;;
    komadai-drill) COMPREPLY=($(compgen -W "check play review results from-tsume from-record --class --csv --count --engine --depth --threshold --margin" -- "$cur") $(compgen -f -- "$cur")) ;;
    komadai-tune) COMPREPLY=($(compgen -W "spsa texel" -- "$cur") $(compgen -f -- "$cur")) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _komadai komadai komadai-analyse komadai-batch komadai-convert komadai-csa-client \
    komadai-diagram komadai-drill komadai-match komadai-perft komadai-records komadai-tsume komadai-tune komadai-verify
