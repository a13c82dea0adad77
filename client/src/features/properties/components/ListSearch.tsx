import { Search } from 'lucide-react';
import { useId } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { TEXT_LIMITS } from '@shared/limits';

type ListSearchProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string };

/** The search box of a list in the Manage dialog (the list asks the server). */
export function ListSearch({ label, placeholder, value, onChange, className = 'mb-3' }: ListSearchProps) {
  const id = useId();
  return (
    <Form role="search" aria-label={label} className={className} onSubmit={(event) => event.preventDefault()}>
      <Form.Label htmlFor={id} className="visually-hidden">
        {label}
      </Form.Label>
      <InputGroup>
        <InputGroup.Text aria-hidden>
          <Search size={16} />
        </InputGroup.Text>
        <Form.Control id={id} type="search" value={value} maxLength={TEXT_LIMITS.search} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
      </InputGroup>
    </Form>
  );
}
